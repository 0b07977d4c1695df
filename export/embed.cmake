# embed.cmake -DIN=file -DOUT=file.c: writes OUT defining `const char eto_export_runtime_source[]`, the bytes
# of IN followed by a NUL.
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "/* generated from export/runtime.c by export/embed.cmake */\nextern const char eto_export_runtime_source[];\nconst char eto_export_runtime_source[] = {\n${bytes}0x00};\n")
