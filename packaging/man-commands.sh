#!/bin/sh
# The man page's COMMANDS section for help2man --include: each subcommand that
# `warpscope --help` lists, with its own --help as the program prints it, so
# `man warpscope` holds every flag and not only the list of commands.
#   usage: man-commands.sh WARPSCOPE OUT
set -eu
exe=$1 out=$2
{
  echo "[COMMANDS]"
  for cmd in $("$exe" --help | sed -n '/^Subcommands:/,$ s/^  \([a-z][a-z-]*\) .*/\1/p'); do
    echo ".SS $cmd"
    echo ".nf"
    # The usage line names the binary by its build path; the page names it warpscope.
    # Roff: a backslash is \e, and a line may not start with . or '.
    "$exe" "$cmd" --help | sed -e 's/\\/\\e/g' -e "s|^Usage: [^ ]*warpscope|Usage: warpscope|" -e "s/^\([.']\)/\\\\\&\1/"
    echo ".fi"
  done
} >"$out"
