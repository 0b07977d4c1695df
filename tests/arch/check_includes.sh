#!/usr/bin/env bash
# check_includes.sh [ROOT] — the module graph of docs/architecture.md, checked on the sources: every module's
# files (.c and .h) may include only the public headers of the modules below it (and its own private headers);
# no file includes another module's private header. Prints each violation as FILE:LINE: message; exit 1 if any.
root="${1:-$(dirname "$0")/../..}"
cd "$root" || exit 2
# module folder | its public header | the modules it may include (public headers), bottom-up
modules=(
  "src/base|base.h|"
  "src/op|op.h|base"
  "src/target|target.h|base"
  "src/sched|schedule.h|base op target"
  "src/lower|lower.h|base op target sched"
  "src/codegen|codegen.h|base op target sched lower"
  "src/measure|measure.h|base op target sched lower codegen"
  "cache|cache.h|base op target sched"
  "backend|backend.h|base op target sched lower codegen measure cache"
  "tuner|tuner.h|base op target sched lower codegen measure cache backend"
  "selector|selector.h|base op target sched cache tuner"
  "driver|driver.h|base op target sched lower codegen measure cache backend tuner selector"
  "export|export.h|base op target sched lower codegen cache"
  "src/cli|cli.h|base op target sched lower codegen measure cache backend tuner selector driver export"
)
declare -A header_of module_of
for m in "${modules[@]}"; do
  IFS='|' read -r dir hdr _ <<<"$m"
  name="${dir##*/}"
  header_of[$name]="$hdr"
  module_of[$hdr]="$name"
done
fail=0
for m in "${modules[@]}"; do
  IFS='|' read -r dir hdr allowed <<<"$m"
  name="${dir##*/}"
  ok=" $hdr "
  for a in $allowed; do ok+="${header_of[$a]} "; done
  for f in "$dir"/*.c "$dir"/*.h; do
    [ -e "$f" ] || continue
    while IFS=: read -r line inc; do
      h="$(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' <<<"$inc")"
      [ -n "$h" ] || continue
      if [ -e "$dir/$h" ]; then
        # a header of this folder: its public header or one of its private ones
        continue
      fi
      if [ -n "${module_of[$h]:-}" ]; then
        case "$ok" in *" $h "*) continue ;; esac
        echo "$f:$line: module $name includes $h (module ${module_of[$h]}), which is not below it"
        fail=1
      else
        echo "$f:$line: module $name includes \"$h\", which is no module's public header (another module's private header?)"
        fail=1
      fi
    done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f")
  done
done
# the two rules the architecture names on their own
if grep -ln '#include "measure.h"' src/codegen/* >/dev/null 2>&1; then
  echo "src/codegen: a code-generation file includes measure.h"
  fail=1
fi
for h in backend.h measure.h driver.h; do
  if grep -n "#include \"$h\"" selector/* >/dev/null 2>&1; then
    echo "selector: includes $h (the selector only plans)"
    fail=1
  fi
done
[ "$fail" = 0 ] && echo "include graph: ${#modules[@]} modules, every include points down"
exit "$fail"
