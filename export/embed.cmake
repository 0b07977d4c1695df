# embed.cmake -DIN=file -DOUT=file.c [-DVAR=name]: writes OUT defining `const char VAR[]` (default
# eto_export_runtime_source), the bytes of IN followed by a NUL.
if(NOT VAR)
  set(VAR eto_export_runtime_source)
endif()
get_filename_component(in_name "${IN}" NAME)
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n" bytes "${bytes}")
file(WRITE "${OUT}" "/* generated from export/${in_name} by export/embed.cmake */\nextern const char ${VAR}[];\nconst char ${VAR}[] = {\n${bytes}0x00};\n")
