# Builds the man page soloist.1(.gz) from the program's own help, at build time:
#   cmake -DPROGRAM_DIR=<folder of soloist> -DHELP2MAN=<help2man> -DGZIP=<gzip>
#         -DINCLUDE=tools/packaging/soloist.h2m -DOUT=<build>/soloist.1 -P tools/packaging/man.cmake
# help2man reads `soloist --help` and `soloist --version`; the COMMANDS section is each
# command's --help (soloist COMMAND --help), and soloist.h2m adds the rest (exit status,
# environment, files, examples, see also). The program runs as plain `soloist` (PATH) so that
# its usage lines name no build folder.
set(ENV{PATH} "${PROGRAM_DIR}:$ENV{PATH}")
set(ENV{LC_ALL} C)
execute_process(COMMAND soloist --help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "soloist --help failed (${rc})")
endif()
string(REGEX REPLACE ".*\nSubcommands:\n" "" subcommands "${help}")
string(REGEX MATCHALL "\n?  [a-z][a-z-]* " commands "${subcommands}")

set(section "[COMMANDS]\n")
foreach(command ${commands})
  string(STRIP "${command}" command)
  execute_process(COMMAND soloist ${command} --help OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "soloist ${command} --help failed (${rc})")
  endif()
  # roff: a backslash is \e, and a line may not start with a dot or a quote.
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
  string(APPEND section ".SS \"soloist ${command}\"\n.nf\n${text}.fi\n")
endforeach()
get_filename_component(out_dir "${OUT}" DIRECTORY)
file(WRITE "${out_dir}/soloist-commands.h2m" "${section}")

execute_process(COMMAND "${HELP2MAN}" --no-info --section=1 --manual "User Commands" --source "Soloist"
                        "--name=runs the automa opponents of solo board games"
                        "--include=${INCLUDE}" "--include=${out_dir}/soloist-commands.h2m"
                        --output "${OUT}" soloist
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man failed (${rc})")
endif()
# Debian's man pages are compressed; -n leaves the name and time out, so the file is reproducible.
execute_process(COMMAND "${GZIP}" -9nf -k "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "gzip failed (${rc})")
endif()
