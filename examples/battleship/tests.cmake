# Tests of the `battleship` tool: each runs the program through this same file
# in script mode (cmake -P), which checks the exit status, that an error is
# exactly one line on stderr with nothing on stdout, and the JSON output.
#
#   battleship_cli_test(<name> ARGS <arg>...
#                       [FAIL | USAGE] [TERMINAL] [HEAVY] [INPUT <file>] [OUTPUT <file>] [STDERR <regex>] [STDOUT <regex>]
#                       [JSON <key>=<value>...] [JSON_LENGTH <key>=<n>...])
#
# An empty argument is written "" in ARGS and reaches the tool as one (not
# under TERMINAL, whose command line is one string).
# FAIL expects exit status 1 (an error past the command line: a board, a
# count, the rules' meaning), USAGE exit status 2 (a command line that could
# not be parsed: an unknown or malformed option, a missing or refused
# value), both never a crash, as docs/cli.md's "Errors" promises; TERMINAL runs the
# tool under a pseudo-terminal (skipped if `script` is missing); INPUT feeds a
# file to standard input (default /dev/null); HEAVY skips the test in the
# sanitizer build (seconds in release, a minute there); OUTPUT sends standard output to
# a file (not under TERMINAL; /dev/full for a full disk); JSON checks that
# stdout parses and that each key (a.b.0 = element 0 of a's member b) holds
# the value (compared as text), JSON_LENGTH that an array has n elements.

if(CMAKE_SCRIPT_MODE_FILE)
  string(REPLACE "|" ";" args "${ARGS}")
  if(SCRIPT)
    # Under a pseudo-terminal (util-linux script), as if typed by a person.
    list(JOIN args " " joined)
    execute_process(COMMAND ${SCRIPT} -qec "${EXE} ${joined}" /dev/null INPUT_FILE /dev/null
                    RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  else()
    if(NOT DEFINED INPUT)
      set(INPUT /dev/null)
    endif()
    # Each argument in brackets, so that an empty one ("") reaches the tool
    # rather than vanishing as an unquoted list's empty element does.
    set(command "")
    foreach(arg IN LISTS args)
      string(APPEND command " [==[${arg}]==]")
    endforeach()
    set(out "")
    if(DEFINED OUTPUT)
      set(output "OUTPUT_FILE [==[${OUTPUT}]==]")
    else()
      set(output "OUTPUT_VARIABLE out")
    endif()
    cmake_language(EVAL CODE "execute_process(COMMAND [==[${EXE}]==]${command} INPUT_FILE [==[${INPUT}]==]
                                              ${output} RESULT_VARIABLE status ERROR_VARIABLE err)")
  endif()
  string(REPLACE "|" " " shown "${ARGS}")
  if(FAIL OR USAGE)
    if(USAGE)
      set(expected 2)
    else()
      set(expected 1)
    endif()
    if(NOT status STREQUAL expected)
      message(FATAL_ERROR "expected exit status ${expected}, got '${status}' from: battleship ${shown}\n${err}")
    endif()
    if(NOT out STREQUAL "")
      message(FATAL_ERROR "an error must print nothing on stdout, got:\n${out}")
    endif()
    if(NOT err MATCHES "^battleship: error: [^\n]+\n$")
      message(FATAL_ERROR "expected one line 'battleship: error: ...' on stderr, got:\n${err}")
    endif()
  elseif(NOT status EQUAL 0)
    message(FATAL_ERROR "exit status ${status} from: battleship ${shown}\n${err}")
  endif()
  if(DEFINED STDERR AND NOT err MATCHES "${STDERR}")
    message(FATAL_ERROR "stderr does not match '${STDERR}':\n${err}")
  endif()
  if(DEFINED STDOUT AND NOT out MATCHES "${STDOUT}")
    message(FATAL_ERROR "stdout does not match '${STDOUT}':\n${out}")
  endif()
  if(out MATCHES "[Nn]a[Nn]|inf")
    message(FATAL_ERROR "output holds a NaN or infinity:\n${out}")
  endif()
  string(REPLACE "|" ";" json_checks "${JSON}")
  foreach(check IN LISTS json_checks)
    string(REGEX MATCH "^([^=]+)=(.*)$" _ "${check}")
    string(REPLACE "." ";" path "${CMAKE_MATCH_1}")
    string(JSON value ERROR_VARIABLE json_error GET "${out}" ${path})
    if(json_error)
      message(FATAL_ERROR "JSON: ${json_error}\n${out}")
    endif()
    if(NOT value STREQUAL "${CMAKE_MATCH_2}")
      message(FATAL_ERROR "JSON key '${CMAKE_MATCH_1}' is '${value}', expected '${CMAKE_MATCH_2}'")
    endif()
  endforeach()
  string(REPLACE "|" ";" length_checks "${JSON_LENGTH}")
  foreach(check IN LISTS length_checks)
    string(REGEX MATCH "^([^=]+)=(.*)$" _ "${check}")
    string(JSON n ERROR_VARIABLE json_error LENGTH "${out}" "${CMAKE_MATCH_1}")
    if(json_error OR NOT n EQUAL "${CMAKE_MATCH_2}")
      message(FATAL_ERROR "JSON array '${CMAKE_MATCH_1}' has length '${n}' (${json_error}), expected ${CMAKE_MATCH_2}")
    endif()
  endforeach()
  return()
endif()

set(battleship_cli_testdata ${CMAKE_CURRENT_LIST_DIR}/testdata)
set(battleship_cli_test_script ${CMAKE_CURRENT_LIST_FILE})

function(battleship_cli_test name)
  cmake_parse_arguments(PARSE_ARGV 1 T "FAIL;USAGE;TERMINAL;HEAVY" "STDERR;STDOUT;INPUT;OUTPUT" "ARGS;JSON;JSON_LENGTH")
  # HEAVY: a second or two in release, up to a minute under the sanitizers,
  # whose build skips it (cheaper tests take the same code paths there).
  if(T_HEAVY AND BATTLESHIP_SANITIZE)
    return()
  endif()
  string(REPLACE ";" "|" args "${T_ARGS}")
  set(defines "-DEXE=$<TARGET_FILE:battleship_cli>" "-DARGS=${args}")
  if(T_FAIL AND T_USAGE)
    message(FATAL_ERROR "cli test '${name}': FAIL (exit status 1) and USAGE (2) exclude each other")
  endif()
  if(T_FAIL)
    list(APPEND defines -DFAIL=ON)
  endif()
  if(T_USAGE)
    list(APPEND defines -DUSAGE=ON)
  endif()
  if(T_TERMINAL)
    find_program(BATTLESHIP_SCRIPT_PROGRAM script)
    if(NOT BATTLESHIP_SCRIPT_PROGRAM)
      return()  # no pseudo-terminal runner: skip the test
    endif()
    list(APPEND defines -DSCRIPT=${BATTLESHIP_SCRIPT_PROGRAM})
  endif()
  foreach(key STDERR STDOUT INPUT OUTPUT)
    if(DEFINED T_${key})
      list(APPEND defines "-D${key}=${T_${key}}")
    endif()
  endforeach()
  foreach(key JSON JSON_LENGTH)
    if(DEFINED T_${key})
      string(REPLACE ";" "|" joined "${T_${key}}")
      list(APPEND defines "-D${key}=${joined}")
    endif()
  endforeach()
  add_test(NAME "cli: ${name}" COMMAND ${CMAKE_COMMAND} ${defines} -P ${battleship_cli_test_script})
  set_tests_properties("cli: ${name}" PROPERTIES LABELS cli TIMEOUT 60)
endfunction()

set(small6 --grid 6x6 --fleet 3,2 --rule touching)

# Counts derivable by hand.
battleship_cli_test("count: Audinot et al. Figure 5, one 2-ship on 2x3 has 7 layouts"
  ARGS count --grid 2x3 --fleet 2 --rule no-contact --json JSON labelled=7 unlabelled=7)
battleship_cli_test("count: one 3-ship on 6x6 has 2*6*4 = 48 placements"
  ARGS count --grid 6x6 --fleet 3 --json JSON labelled=48 unlabelled=48 shots=0)
battleship_cli_test("count: two 3-ships on 3x3 without contact: 4 labelled, 2 unlabelled"
  ARGS count --grid 3x3 --fleet 3,3 --rule no-contact --json JSON labelled=4 unlabelled=2)
battleship_cli_test("count: the fleet fits nowhere on an empty board, 0 layouts"
  ARGS count --grid 3x3 --fleet 3,3,3 --rule no-contact --json JSON labelled=0 unlabelled=0)
battleship_cli_test("count: one hit on 3x3 leaves the row and the column through it"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/hit_centre_3x3.txt --json JSON labelled=2)
# o is a miss and x a hit (docs/board-format.md): the miss on A2 leaves row B alone.
battleship_cli_test("count: a picture with o for a miss and x for a hit"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_o_miss_3x3.txt --json JSON labelled=1 shots=2)
battleship_cli_test("count: a CR LF picture reads as the LF one"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_crlf_3x3.txt --json JSON labelled=2 shots=1)
battleship_cli_test("count: sunk 2-ship on B2-B3 leaves 35 places for the 3-ship"
  ARGS count ${small6} --feedback sunk --board ${battleship_cli_testdata}/sunk_6x6.txt --json
  JSON labelled=35 unlabelled=35 shots=3)
battleship_cli_test("count: ship named in a sunk announcement"
  ARGS count ${small6} --feedback sunk --board ${battleship_cli_testdata}/sunk_named_6x6.txt --json JSON labelled=35)
battleship_cli_test("count: --board - reads standard input"
  ARGS count ${small6} --board - --json INPUT ${battleship_cli_testdata}/shots_6x6.txt JSON labelled=136 shots=4)
battleship_cli_test("count: a shot log starting with a UTF-8 byte-order mark"
  ARGS count ${small6} --board ${battleship_cli_testdata}/shots_bom_6x6.txt --json JSON labelled=211 shots=2)
battleship_cli_test("count: a file of comments only is a log of no shots, the empty board"
  ARGS count --grid 6x6 --fleet 3 --board ${battleship_cli_testdata}/no_shots_yet.txt --json
  JSON labelled=48 shots=0)
battleship_cli_test("count: an empty board file is a log of no shots"
  ARGS count --grid 6x6 --fleet 3 --board - --json INPUT /dev/null JSON labelled=48 shots=0)
battleship_cli_test("error: standard input names itself" FAIL
  ARGS count ${small6} --board - INPUT ${battleship_cli_testdata}/bad_shot.txt STDERR "<stdin>:2:4: expected hit")
battleship_cli_test("count: text output"
  ARGS count --grid 2x3 --fleet 2 --rule no-contact STDOUT "labelled layouts[^\n]* 7\n")
battleship_cli_test("count: text output says how many shots, in the singular for one"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/hit_centre_3x3.txt STDOUT ", 1 shot\n")
battleship_cli_test("count: text output names the rules and the feedback"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/hit_centre_3x3.txt
  STDOUT "^3x3, ships 3, rule touching, feedback hit-miss, 1 shot\n")
battleship_cli_test("count: text output, no shots"
  ARGS count --grid 2x3 --fleet 2 --rule no-contact STDOUT ", 0 shots\n")
battleship_cli_test("count: --help" ARGS count --help STDOUT "--grid")

# The picture and the shot log of the same board give the same counts, and
# every counter agrees with the recursive reference.
foreach(method IN ITEMS recursive bitset)
  foreach(file IN ITEMS picture_6x6 shots_6x6)
    battleship_cli_test("count: ${file} with ${method}"
      ARGS count ${small6} --board ${battleship_cli_testdata}/${file}.txt --method ${method} --json
      JSON labelled=136 unlabelled=136 shots=4)
  endforeach()
endforeach()
foreach(file IN ITEMS picture_6x6 shots_6x6)
  battleship_cli_test("count: ${file} with exact" ARGS count ${small6} --board ${battleship_cli_testdata}/${file}.txt
    --method exact --json JSON labelled=136 unlabelled=136)
endforeach()
battleship_cli_test("count: sunk with exact" ARGS count ${small6} --feedback sunk --method exact
  --board ${battleship_cli_testdata}/sunk_6x6.txt --json JSON labelled=35)
foreach(method IN ITEMS exact bitset)
  battleship_cli_test("count: classic fleet on 6x6 with a named sinking, ${method}"
    ARGS count --grid 6x6 --feedback sunk --board ${battleship_cli_testdata}/sunk_classic_6x6.txt --method ${method}
    --json JSON labelled=16492 unlabelled=8246)
endforeach()
battleship_cli_test("count: 10x10 touching matches Park"
  ARGS count --preset park --json JSON labelled=30093975536)

# Density: JSON keys, array sizes, exact values.
battleship_cli_test("density: JSON has counts, occupancy and probability"
  ARGS density --grid 3x3 --fleet 3,3 --rule no-contact --json
  JSON labelled=4 unlabelled=2 model=exact best=A1 occupancy.0=4 occupancy.1=2 occupancy.4=0 probability.1=0.5
  JSON_LENGTH occupancy=9 probability=9)
battleship_cli_test("density: shot log board"
  ARGS density ${small6} --board ${battleship_cli_testdata}/shots_6x6.txt --json
  JSON labelled=136 best=C4 JSON_LENGTH probability=36 occupancy=36)
# A 2-ship on 4x4 has 24 placements, 20 of them touching the border: weighing
# those 3, the layouts weigh 64 and an edge cell beats the centre (A2: 9 of 64,
# B2: 8), where without the prior the centre wins (B2: 4 of 24, A2: 3).
battleship_cli_test("density: --edge-weight weighs the placements on the border"
  ARGS density --grid 4x4 --fleet 2 --edge-weight 3 --json
  JSON labelled=64 edge_weight=3 occupancy.0=6 occupancy.1=9 occupancy.5=8 best=A2)
# 3-ship and 2-ship on 3x2: 4 layouts, every placement on the border, so
# 4 E^2 weighted layouts, just past 2^127 for this E; B1/B2 (the middle
# column) lie in all of them. The mirror-folded matrix used to overflow.
battleship_cli_test("density: --edge-weight with a weighted total past 2^127 on a symmetric board"
  ARGS density --grid 3x2 --fleet 3,2 --edge-weight 6521908912666391107 --json
  JSON labelled=170141183460469231774743073101954741796 occupancy.1=170141183460469231774743073101954741796
       occupancy.0=127605887595351923831057304826466056347)
battleship_cli_test("density: without --edge-weight the centre wins"
  ARGS density --grid 4x4 --fleet 2 --json JSON labelled=24 occupancy.1=3 occupancy.5=4 best=B2)
# edge_weight is written only with a weight other than 1 (docs/cli.md): method is followed by labelled.
battleship_cli_test("density: no edge_weight key without --edge-weight"
  ARGS density --grid 4x4 --fleet 2 --json STDOUT "\"method\": \"exact\",\n  \"labelled\": \"24\"")
battleship_cli_test("density: --edge-weight in the plain grid"
  ARGS density --grid 4x4 --fleet 2 --edge-weight 3 STDOUT "border weigh 3\nweighted layouts: 64 labelled")
# An option given twice, in the tool's words (CLI11 said "--grid: At Most 1
# required but received 2", and named --colour when --color was typed).
battleship_cli_test("error: an option given twice" USAGE
  ARGS count --grid 3x3 --grid 4x4 --fleet 2 STDERR "error: --grid is given 2 times; give it once\n$")
battleship_cli_test("error: an option given twice under its two names" USAGE
  ARGS density --grid 3x3 --fleet 2 --colour never --color never
  STDERR "error: --colour or --color is given 2 times; give it once\n$")
battleship_cli_test("error: --edge-weight with an enumerator" USAGE
  ARGS density --grid 4x4 --fleet 2 --edge-weight 3 --method bitset STDERR "--edge-weight needs --method exact")
battleship_cli_test("error: --edge-weight with another model" USAGE
  ARGS density --grid 4x4 --fleet 2 --edge-weight 3 --model per-ship STDERR "--edge-weight is a prior")
battleship_cli_test("error: --edge-weight 0 leaves no layout" FAIL
  ARGS density --grid 3x3 --fleet 2 --edge-weight 0 STDERR "off the border")
# The shots fit layouts (two 3-ships through B2), but none off the border:
# the error names the weight, not the shots alone.
battleship_cli_test("error: --edge-weight 0 leaves no layout the shots fit" FAIL
  ARGS density --grid 3x3 --fleet 3 --edge-weight 0 --board ${battleship_cli_testdata}/hit_centre_3x3.txt
  STDERR "error: no layout off the border agrees with the observation \\(--edge-weight 0\\)\n$")
battleship_cli_test("density: plain grid when stdout is not a terminal"
  ARGS density --grid 3x3 --fleet 3,3 --rule no-contact STDOUT "A +100 +50.0 +100\n")
# B2 is covered by 4 of the 24 placements of a 2-ship on 4x4: 16.7%.
battleship_cli_test("density: the best shot's chance in percent"
  ARGS density --grid 4x4 --fleet 2 STDOUT "best next shot: B2 \\(16\\.7% chance of a hit\\)\n")
battleship_cli_test("density: colours on a terminal" TERMINAL
  ARGS density --grid 3x3 --fleet 3,3 --rule no-contact STDOUT "\\[48;5;196m")
battleship_cli_test("density: no colours on a terminal with --colour never" TERMINAL
  ARGS density --grid 3x3 --fleet 3,3 --rule no-contact --colour never STDOUT "A +100 +50.0 +100")
# An option that would be ignored is refused, as elsewhere in the tool.
battleship_cli_test("error: density --colour with --json" USAGE
  ARGS density --grid 3x3 --fleet 2 --colour always --json STDERR "--colour colours the heat map, which --json does not print")
battleship_cli_test("error: evaluate --progress with --merge alone" USAGE
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_duplicate_shards.json --progress STDERR "--progress requires --strategy")
battleship_cli_test("density: colours on request"
  ARGS density --grid 3x3 --fleet 3,3 --rule no-contact --colour always STDOUT "\\[48;5;")

# Two 3-ships without contact on 3x3 lie on rows A and C or columns 1 and 3:
# every sample covers the corners and none the centre.
battleship_cli_test("density: monte-carlo model"
  ARGS density --grid 3x3 --fleet 3,3 --rule no-contact --model monte-carlo --samples 200 --seed 7 --json
  JSON model=monte-carlo samples=200 seed=7 probability.0=1.0 probability.4=0.0 JSON_LENGTH probability=9)
battleship_cli_test("density: monte-carlo keeps hits at probability 1"
  ARGS density ${small6} --board ${battleship_cli_testdata}/shots_6x6.txt --model monte-carlo --samples 100 --json
  JSON probability.14=1.0 probability.8=0.0)
battleship_cli_test("density: per-ship model gives weights"
  ARGS density ${small6} --board ${battleship_cli_testdata}/shots_6x6.txt --model per-ship --json
  JSON model=per-ship best=C4 relative.15=1.0 JSON_LENGTH weights=36 relative=36)
# C4 (index 15) next to the hit C3: 5 placements of the 3-ship and 4 of the
# 2-ship cover it, one of each through the hit; at hit weight 3 those weigh 3.
battleship_cli_test("density: per-ship model takes its hit weight"
  ARGS density ${small6} --board ${battleship_cli_testdata}/shots_6x6.txt --model per-ship --hit-weight 3 --json
  JSON model=per-ship hit_weight=3 weights.15=13.0 weights.0=4.0)
battleship_cli_test("density: per-ship model at hit weight 1 counts placements"
  ARGS density ${small6} --board ${battleship_cli_testdata}/shots_6x6.txt --model per-ship --hit-weight 1 --json
  JSON hit_weight=1 weights.15=9.0 best=D4)
battleship_cli_test("density: the per-ship map names its hit weight"
  ARGS density ${small6} --model per-ship STDOUT "model per-ship, hit weight 32\n")
battleship_cli_test("error: density --hit-weight with another model" USAGE
  ARGS density ${small6} --hit-weight 3 STDERR "--hit-weight is the per-ship model's, not --model exact's")
battleship_cli_test("error: density --hit-weight 0" USAGE
  ARGS density ${small6} --model per-ship --hit-weight 0 STDERR "--hit-weight must be at least 1")
battleship_cli_test("error: per-ship model on an impossible board" FAIL
  ARGS density --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/inconsistent.txt --model per-ship
  STDERR "no placement is left for a ship")

# Errors: one line on stderr, nothing on stdout, status 1 (bad input) or 2 (bad arguments).
battleship_cli_test("error: malformed --grid" USAGE ARGS count --grid 3y3 STDERR "--grid '3y3'")
battleship_cli_test("error: unknown rule" USAGE ARGS count --rule sideways STDERR "--rule")
battleship_cli_test("error: unknown option" USAGE ARGS count --frobnicate)
battleship_cli_test("error: no subcommand" USAGE ARGS)
battleship_cli_test("error: malformed --fleet" USAGE ARGS count --fleet 5,,3 STDERR "--fleet")
battleship_cli_test("error: ship longer than the grid" USAGE ARGS count --grid 3x3 --fleet 5 STDERR "does not fit")
battleship_cli_test("error: fleet larger than the grid" USAGE ARGS count --grid 3x3 --fleet 3,3,3,3 STDERR "more cells")
battleship_cli_test("error: grid beyond 16x16" USAGE ARGS count --grid 17x17 STDERR "capacity")
battleship_cli_test("error: zero-length ship" USAGE ARGS count --grid 3x3 --fleet 0 STDERR "length 0")
battleship_cli_test("error: missing board file" FAIL ARGS count ${small6} --board ${battleship_cli_testdata}/no-such-file.txt
  STDERR "cannot open")
battleship_cli_test("error: bad character names line and column" FAIL
  ARGS count ${small6} --board ${battleship_cli_testdata}/bad_char.txt STDERR "bad_char.txt:3:3: unexpected character '\\?'")
battleship_cli_test("error: a NUL in a shot log is shown, not the end of the message" FAIL
  ARGS count ${small6} --board ${battleship_cli_testdata}/nul_shot.txt
  STDERR "nul_shot.txt:3:4: expected hit, miss or sunk, found 'mi\\\\0ss'\n$")
battleship_cli_test("error: a carriage return inside a shot log's line is shown" FAIL
  ARGS count ${small6} --board ${battleship_cli_testdata}/cr_shot.txt
  STDERR "cr_shot.txt:2:4: expected hit, miss or sunk, found 'hit\\\\rB1'")
battleship_cli_test("error: a NUL in a board picture is shown" FAIL
  ARGS count ${small6} --board ${battleship_cli_testdata}/nul_picture.txt
  STDERR "nul_picture.txt:3:3: unexpected character '\\\\0'")
battleship_cli_test("error: a control character in an argument is shown" USAGE
  ARGS count --grid "4\tx4" STDERR "4\\\\tx4")
# A picture's cells are characters: an accented letter is one cell, quoted whole.
battleship_cli_test("error: an accented letter in a picture is one cell, quoted whole" FAIL
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_accent_3x3.txt
  STDERR "picture_accent_3x3.txt:1:3: unexpected character 'é' \\(use . X -\\)")
battleship_cli_test("error: a short row with an accented letter counts it once" FAIL
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_accent_short_3x3.txt
  STDERR "picture_accent_short_3x3.txt:1: expected 3 cells, found 2")
battleship_cli_test("error: short row names the line" FAIL
  ARGS count ${small6} --board ${battleship_cli_testdata}/bad_width.txt STDERR "bad_width.txt:2: expected 6 cells")
battleship_cli_test("error: too few rows" FAIL
  ARGS count --grid 6x7 --fleet 3,2 --board ${battleship_cli_testdata}/picture_6x6.txt STDERR "expected 7 rows")
battleship_cli_test("error: too many rows names the first extra line" FAIL
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_4_rows_3x3.txt STDERR "picture_4_rows_3x3.txt:5: more than 3 rows")
# Tabs between a picture's cells are allowed, as spaces are (docs/board-format.md).
battleship_cli_test("count: a picture with tabs between its cells"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_tabs_3x3.txt --json JSON labelled=2 shots=1)
# H is a hit and M a miss: the miss on B1 leaves column 2 alone of the two lines through B2.
battleship_cli_test("count: a picture with H for a hit and M for a miss"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_h_m_3x3.txt --json JSON labelled=1 shots=2)
# A comment line is not a row: two rows after it are two, not three.
battleship_cli_test("error: too few rows counts the rows, not the lines"
  FAIL ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_2_rows_3x3.txt
  STDERR "picture_2_rows_3x3.txt: expected 3 rows, found 2")
# A comment may follow a word with no space before its '#'.
battleship_cli_test("count: a shot log's comment right after the outcome"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/shot_comment_no_space_3x3.txt --json
  JSON labelled=2 shots=1)
battleship_cli_test("error: bad shot outcome names line and column" FAIL
  ARGS count ${small6} --board ${battleship_cli_testdata}/bad_shot.txt STDERR "bad_shot.txt:2:4: expected hit, miss or sunk")
battleship_cli_test("error: a word after a shot's outcome names its column" FAIL
  ARGS count --grid 3x3 --fleet 2 --board ${battleship_cli_testdata}/extra_word.txt STDERR "extra_word.txt:2:8: unexpected 'now'")
battleship_cli_test("error: a shot without its outcome names the column after the cell" FAIL
  ARGS count --grid 3x3 --fleet 2 --board ${battleship_cli_testdata}/missing_outcome.txt
  STDERR "missing_outcome.txt:2:3: expected hit, miss or sunk after B2")
# The column of a missing word is just after the last word, whatever spaces
# and comment follow it on the line.
battleship_cli_test("error: a shot without its outcome before a comment names the column after the cell" FAIL
  ARGS count --grid 3x3 --fleet 2 --board ${battleship_cli_testdata}/missing_outcome_comment.txt
  STDERR "missing_outcome_comment.txt:2:3: expected hit, miss or sunk after B2\n")
battleship_cli_test("error: sunk without the ship before a comment names the column after sunk" FAIL
  ARGS count --grid 3x3 --fleet 2 --feedback sunk --board ${battleship_cli_testdata}/sunk_without_ship.txt
  STDERR "sunk_without_ship.txt:2:8: 'sunk' needs the ship: its name or its 1-based index\n")
battleship_cli_test("error: shot off the grid" FAIL
  ARGS count --grid 3x3 --fleet 2 --board ${battleship_cli_testdata}/shots_6x6.txt STDERR "shots_6x6.txt:5:1: 'E5' is not a cell of the 3x3 grid")
battleship_cli_test("error: repeated shot" FAIL
  ARGS count ${small6} --board ${battleship_cli_testdata}/repeated_shot.txt STDERR "repeated_shot.txt:2:1: a1 was already shot")
battleship_cli_test("error: sunk under hit/miss feedback" FAIL
  ARGS count ${small6} --board ${battleship_cli_testdata}/sunk_6x6.txt
  STDERR "sunk_6x6.txt:3:4: a sunk announcement needs --feedback sunk")
battleship_cli_test("error: sunk ship not in the fleet" FAIL
  ARGS count ${small6} --feedback sunk --board ${battleship_cli_testdata}/sunk_unknown_6x6.txt STDERR ":2:9: no ship 'Zeppelin'")
battleship_cli_test("error: a preset with a rule option it sets" USAGE ARGS count --preset park --grid 5x5
  STDERR "--preset excludes --grid")
battleship_cli_test("error: a ship sunk twice, numbered as the log numbers it" FAIL
  ARGS count ${small6} --feedback sunk --board ${battleship_cli_testdata}/sunk_twice_6x6.txt
  STDERR "sunk_twice_6x6.txt:3:1: ship 2 was already sunk")
# A picture under hit/miss feedback gets no hint about sinkings, nor an empty "()".
battleship_cli_test("error: count of an observation no layout agrees with" FAIL
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/inconsistent.txt
  STDERR "error: no layout agrees with the observation\n$")
battleship_cli_test("error: density of an observation no layout agrees with" FAIL
  ARGS density --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/inconsistent.txt
  STDERR "no layout agrees with the observation")
battleship_cli_test("error: density when the fleet fits nowhere" FAIL
  ARGS density --grid 3x3 --fleet 3,3,3 --rule no-contact STDERR "cannot be placed")
# Every ship has room alone, but no layout holds all three: the per-ship
# model, which counts nothing, must refuse the fleet as the other models do.
battleship_cli_test("error: per-ship density when the fleet fits nowhere" FAIL
  ARGS density --grid 3x3 --fleet 3,3,3 --rule no-contact --model per-ship STDERR "cannot be placed")
battleship_cli_test("error: unknown density model" USAGE ARGS density --grid 3x3 --fleet 2 --model oracle
  STDERR "--model: oracle not in \\{exact,monte-carlo,per-ship\\}")

# The other subcommands: solve, bounds (issue 5), simulate, evaluate (issue 4).
battleship_cli_test("solve: Audinot Table 1, 4x5 with ships 2,3,4 is 994/88"
  ARGS solve --grid 4x5 --fleet 2,3,4 --rule no-contact --json JSON total_height=994 layouts=88)
# 24 placements without contact, none sharing its cells: unweighted leaves;
# the complete tree's 112 over 24 layouts, the hits-aware bound's 136.
battleship_cli_test("bounds: 4x4 with one 2-ship" ARGS bounds --grid 4x4 --fleet 2 --rule no-contact --json
  JSON leaves=24 weighted=OFF complete_tree=4.666666666666667 hits_aware=5.666666666666667)
# One 2-ship on a 1x3 strip: 2 leaves; the complete tree puts both at depth 1 (total 2), the
# hits-aware bound one at depth 2 and one at depth 3 (C(t-1, 1) slots at depth t): total 5.
battleship_cli_test("bounds: the hits-aware total is its own, not the complete tree's"
  ARGS bounds --grid 3x1 --fleet 2 --rule no-contact --json
  JSON leaves=2 complete_tree_total=2 hits_aware_total=5 hits_aware=2.5)
# Sixteen one-cell ships on 16x16 with sinkings, no edge: 3.2e37 leaves, whose
# totals passed 2^128 and wrapped to averages of 8.96 and 5.93 shots (below the
# 16 hits every game needs), printed as bounds.
battleship_cli_test("error: bounds whose total depth passes 128 bits" FAIL
  ARGS bounds --grid 16x16 --fleet 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 --rule no-edge --feedback sunk
  STDERR "the lower bounds' total depth of the leaves passes 128 bits \\(too many layouts\\)\n$")
battleship_cli_test("error: solve on a grid too large" FAIL ARGS solve --grid 9x8 --fleet 2)
# Eight one-cell ships on 4x3: 495 cell sets (within the 4096 the search tells
# apart), 20 M labelled layouts; the total is the sum over m of m C(m - 1, 7).
battleship_cli_test("solve: eight one-cell ships on 4x3 are 495 cell sets, 5720 shots"
  ARGS solve --grid 4x3 --fleet 1,1,1,1,1,1,1,1 --json JSON total_height=5720 layouts=495)
# --progress writes to stderr only (twice a second at most, so nothing on a run this short in release).
battleship_cli_test("solve: --progress leaves the answer alone"
  ARGS solve --grid 4x5 --fleet 2,3 --rule no-contact --progress --json JSON total_height=2326 layouts=242)
battleship_cli_test("solve: without the line of misses, the same optimum on more states"
  ARGS solve --grid 5x5 --fleet 2 --rule no-contact --no-line-of-misses --json JSON total_height=328 states=1094)
battleship_cli_test("solve: a --memory-limit the table fits leaves the answer alone"
  ARGS solve --grid 4x4 --fleet 2,3 --memory-limit 1MiB --json JSON total_height=2468 layouts=264 states=3199)
battleship_cli_test("error: solve with a table past --memory-limit"
  FAIL ARGS solve --grid 4x4 --fleet 2,3 --memory-limit 64k STDERR "table needs more than 64 KiB for this position")
battleship_cli_test("solve: a --time-limit the search keeps leaves the answer alone"
  ARGS solve --grid 4x4 --fleet 2,3 --time-limit 600 --greedy --json JSON total_height=2468 greedy_total_height=2471)
# 8x8 with one 2-ship runs for minutes (it needed 131 s to fill 1 GiB of table): without the limit this test hangs.
battleship_cli_test("error: solve past --time-limit"
  FAIL ARGS solve --grid 8x8 --fleet 2 --time-limit 0.3 STDERR "no answer within --time-limit 0.3 s: the search had stored [0-9]+ states")
foreach(bad 0 -1 nan inf 1e999 5s 0x10)
  battleship_cli_test("error: --time-limit ${bad} is not a number of seconds above 0"
    USAGE ARGS solve --grid 3x3 --fleet 2 --time-limit "${bad}" STDERR "must be a number of seconds above 0")
endforeach()
battleship_cli_test("density: a --memory-limit below the whole tables recomputes from checkpoints, to the same matrix"
  ARGS density --preset park --memory-limit 16M --json
  JSON labelled=30093975536 occupancy.0=2407483864 occupancy.44=6428054040)
# A count alone keeps no table, but its states can outgrow the machine: the
# limit bounds them too (12x12 with eight ships holds 1.1 GB).
battleship_cli_test("count: a --memory-limit the count fits leaves the answer alone"
  ARGS count --preset park --memory-limit 64M --json JSON labelled=30093975536)
battleship_cli_test("error: count past --memory-limit"
  FAIL ARGS count --grid 12x12 --fleet 5,4,4,3,3,3,2,2 --memory-limit 64M
  STDERR "the exact count needs more than 64 MiB of memory on this board. raise --memory-limit\n$")
battleship_cli_test("error: count's --memory-limit with a brute-force method"
  USAGE ARGS count --grid 5x5 --fleet 3 --method bitset --memory-limit 8M STDERR "--method bitset keeps nothing")
battleship_cli_test("error: density with tables past --memory-limit"
  FAIL ARGS density --preset park --memory-limit 1M STDERR "the occupancy matrix needs more than 1 MiB of memory on this board. raise --memory-limit\n$")
battleship_cli_test("error: density's monte-carlo sampler past --memory-limit"
  FAIL ARGS density --preset park --model monte-carlo --samples 10 --memory-limit 1M
  STDERR "exact sampling needs more than 1 MiB of memory on this board. raise --memory-limit\n$")
battleship_cli_test("error: --memory-limit with a model that keeps no tables"
  USAGE ARGS density --preset park --model per-ship --memory-limit 1G STDERR "--model per-ship keeps none")
battleship_cli_test("error: density's --seed with a model that draws nothing"
  USAGE ARGS density --grid 4x4 --fleet 2 --seed 3 STDERR "--model exact draws nothing")
battleship_cli_test("error: density's --samples with the per-ship model"
  USAGE ARGS density --grid 4x4 --fleet 2 --model per-ship --samples 10 STDERR "--model per-ship draws nothing")
# The exact counter stops between its steps once --time-limit passes: the
# 16x16 count below takes 4.8 s in the release build, its matrix 8 s.
battleship_cli_test("count: a --time-limit the count keeps leaves the answer alone"
  ARGS count --preset park --time-limit 600 --json JSON labelled=30093975536)
battleship_cli_test("error: count past --time-limit"
  FAIL ARGS count --grid 16x16 --fleet 5,4,3,3,2 --rule no-edge --time-limit 0.2
  STDERR "no answer within --time-limit 0.2 s: the exact count was not finished")
battleship_cli_test("density: a --time-limit the matrix keeps leaves the answer alone"
  ARGS density --preset park --time-limit 600 --json
  JSON labelled=30093975536 occupancy.0=2407483864 occupancy.44=6428054040)
battleship_cli_test("error: density past --time-limit"
  FAIL ARGS density --grid 16x16 --fleet 5,4,3,3,2 --rule no-edge --time-limit 0.2
  STDERR "no answer within --time-limit 0.2 s: the exact occupancy matrix was not finished")
battleship_cli_test("error: count's --time-limit with a brute-force method"
  USAGE ARGS count --grid 5x5 --fleet 3 --method bitset --time-limit 5 STDERR "--method bitset cannot be stopped")
battleship_cli_test("error: density's --time-limit with the per-ship model"
  USAGE ARGS density --grid 5x5 --fleet 3 --model per-ship --time-limit 5 STDERR "--model per-ship cannot be stopped")
battleship_cli_test("error: density's --time-limit with a brute-force method"
  USAGE ARGS density --grid 5x5 --fleet 3 --method recursive --time-limit 5 STDERR "--method recursive cannot be stopped")
battleship_cli_test("error: density's monte-carlo sampler past --time-limit"
  FAIL ARGS density --grid 16x16 --fleet 5,4,3,3,2 --rule no-edge --model monte-carlo --samples 10 --time-limit 0.2
  STDERR "no answer within --time-limit 0.2 s: the Monte Carlo model had not drawn its samples")
# Its tables take about 30 ms, its 300,000 draws about 1.8 s: stopped while drawing.
battleship_cli_test("error: density's monte-carlo draws past --time-limit"
  FAIL ARGS density --preset park --model monte-carlo --samples 300000 --time-limit 0.3
  STDERR "no answer within --time-limit 0.3 s: the Monte Carlo model had not drawn its samples")
battleship_cli_test("density: a --time-limit the sampler keeps leaves the answer alone"
  ARGS density --grid 6x6 --fleet 3,2 --model monte-carlo --samples 100 --time-limit 600 --json JSON_LENGTH probability=36)
battleship_cli_test("error: --memory-limit takes a size" USAGE ARGS solve --grid 3x3 --fleet 2 --memory-limit 0x10
  STDERR "must be a size such as 512M")
battleship_cli_test("error: --memory-limit with more digits than 64 bits hold" USAGE
  ARGS solve --grid 3x3 --fleet 2 --memory-limit 99999999999999999999 STDERR "out of range")
string(ASCII 194 155 c1_csi)  # U+009B in UTF-8: a terminal's control sequence introducer
battleship_cli_test("error: a C1 control character (UTF-8) in an argument is shown" USAGE
  ARGS count --grid "4${c1_csi}x4" STDERR "4\\\\u009bx4")
string(ASCII 155 lone_csi)  # the same introducer as one byte, which is not UTF-8
battleship_cli_test("error: a byte that is not UTF-8 in an argument is shown as its value" USAGE
  ARGS count --grid "4${lone_csi}x4" STDERR "4\\\\x9bx4")
string(ASCII 194 159 c1_last)  # U+009F, the last C1 control character, in UTF-8
battleship_cli_test("error: the last C1 control character in an argument is shown" USAGE
  ARGS count --grid "4${c1_last}x4" STDERR "4\\\\u009fx4")
string(ASCII 127 del)  # DEL, a control character below 0x80
battleship_cli_test("error: a DEL character in an argument is shown as its value" USAGE
  ARGS count --grid "4${del}x4" STDERR "4\\\\x7fx4")
string(ASCII 237 160 128 surrogate)  # U+D800, a UTF-16 surrogate, which UTF-8 may not encode
battleship_cli_test("error: a surrogate in UTF-8 form in an argument is shown byte by byte" USAGE
  ARGS count --grid "4${surrogate}x4" STDERR "4\\\\xed\\\\xa0\\\\x80x4")
string(ASCII 192 175 overlong)  # '/' in an overlong two-byte form, which is not UTF-8
battleship_cli_test("error: an overlong UTF-8 form in an argument is shown byte by byte" USAGE
  ARGS count --grid "4${overlong}x4" STDERR "4\\\\xc0\\\\xafx4")
string(ASCII 27 esc)
battleship_cli_test("error: an escape character in a path the error quotes is shown" FAIL
  ARGS evaluate --merge "no${esc}such.json" STDERR "cannot open --merge 'no\\\\x1bsuch.json'")
battleship_cli_test("error: --memory-limit past 2^64 bytes" USAGE ARGS solve --grid 3x3 --fleet 2 --memory-limit 20000000T
  STDERR "out of range")
# docs/cli.md: datagenetics is 10x10, 5,4,3,3,2, touching, sunk; park the same with hit-miss.
battleship_cli_test("simulate: --preset datagenetics announces sinkings"
  ARGS simulate --strategy random --preset datagenetics --games 1 --json
  JSON feedback=sunk rule=touching grid.width=10 fleet.4.length=2 "rules=10x10 5,4,3,3,2 touching sunk")
battleship_cli_test("simulate: 200 hunt-target games on Park's game"
  ARGS simulate --strategy hunt-target --preset park --games 200 --seed 3 --threads 2 --json JSON games=200)
battleship_cli_test("simulate: --threads is the number of threads used"
  ARGS simulate --strategy random --grid 5x5 --fleet 2 --games 20 --threads 2 --json JSON threads=2 games=20)
battleship_cli_test("error: simulate zero games" USAGE ARGS simulate --strategy random --games 0)
# The opening book changes the cost, never the games: the same mean with and without it.
battleship_cli_test("simulate: exact-greedy with its opening book"
  ARGS simulate --strategy exact-greedy --grid 6x6 --fleet 3,2,2 --rule no-edge --feedback sunk --games 300 --seed 4
       --threads 2 --json JSON games=300 mean=16.949999999999999 book.depth=24)
battleship_cli_test("simulate: exact-greedy without the book plays the same games"
  ARGS simulate --strategy exact-greedy --grid 6x6 --fleet 3,2,2 --rule no-edge --feedback sunk --games 300 --seed 4
       --threads 2 --book-depth -1 --json JSON games=300 mean=16.949999999999999)
# The model restarts its draws with each game's seed: the same games on any
# number of threads (mean 15.15 is what the tool's own reseeding wrapper gave
# before the model learned seed()).
battleship_cli_test("simulate: monte-carlo-greedy on one thread"
  ARGS simulate --strategy monte-carlo-greedy --grid 6x6 --fleet 3,2 --games 40 --samples 30 --seed 5 --threads 1
       --json JSON games=40 mean=15.15)
battleship_cli_test("simulate: monte-carlo-greedy on two threads plays the same games"
  ARGS simulate --strategy monte-carlo-greedy --grid 6x6 --fleet 3,2 --games 40 --samples 30 --seed 5 --threads 2
       --json JSON games=40 mean=15.15)
battleship_cli_test("evaluate: exact-greedy over every 5x5 layout, book on and off"
  ARGS evaluate --strategy exact-greedy --grid 5x5 --fleet 3,2 --json JSON layouts=956 mean_fraction=2864/239 max=17)
battleship_cli_test("evaluate: exact-greedy without the book"
  ARGS evaluate --strategy exact-greedy --grid 5x5 --fleet 3,2 --book-depth -1 --json
  JSON layouts=956 mean_fraction=2864/239 max=17)
battleship_cli_test("error: a book depth below -1" USAGE
  ARGS simulate --strategy exact-greedy --grid 5x5 --fleet 3 --games 3 --book-depth -2)

# A book file (--book): filled by one run, read by the next, which then
# answers the same games from it, and by an exact evaluation, whose result it
# leaves alone; refused by a run of other rules. The fixtures order them: no
# file, the first run, the second, the evaluation.
set(book_file ${CMAKE_CURRENT_BINARY_DIR}/cli_test_book.txt)
add_test(NAME "cli: book: no file yet" COMMAND ${CMAKE_COMMAND} -E rm -f ${book_file})
set_tests_properties("cli: book: no file yet" PROPERTIES LABELS cli FIXTURES_SETUP cli_book_absent)
battleship_cli_test("simulate: --book writes a new book"
  ARGS simulate --strategy exact-greedy ${small6} --games 200 --book ${book_file} --json
  JSON mean=15.24 book.loaded=0 book.positions=1004 book.hits=2044)
set_tests_properties("cli: simulate: --book writes a new book"
                     PROPERTIES FIXTURES_REQUIRED cli_book_absent FIXTURES_SETUP cli_book_filled)
battleship_cli_test("simulate: --book reads the book back and answers the same games from it"
  ARGS simulate --strategy exact-greedy ${small6} --games 200 --book ${book_file} --json
  JSON mean=15.24 book.loaded=1004 book.positions=1004 book.hits=3048)
battleship_cli_test("evaluate: --book reads the book and adds every position of the whole tree"
  ARGS evaluate --strategy exact-greedy ${small6} --book ${book_file} --json
  JSON mean_fraction=12573/824 book.loaded=1004 book.positions=3892)
battleship_cli_test("error: --book filled for another fleet" FAIL
  ARGS simulate --strategy exact-greedy --grid 6x6 --fleet 3,3 --games 2 --book ${book_file}
  STDERR "the book has game 6x6 3,2 touching hit-miss.*but this cache is for game 6x6 3,3 touching")
set_tests_properties("cli: simulate: --book reads the book back and answers the same games from it"
                     PROPERTIES FIXTURES_REQUIRED cli_book_filled FIXTURES_SETUP cli_book_read)
set_tests_properties("cli: error: --book filled for another fleet" PROPERTIES FIXTURES_REQUIRED cli_book_filled)
# After the second simulation, which must find the book as the first left it.
set_tests_properties("cli: evaluate: --book reads the book and adds every position of the whole tree"
                     PROPERTIES FIXTURES_REQUIRED cli_book_read)
battleship_cli_test("error: --book where it cannot be written, refused before the run" FAIL
  ARGS simulate --strategy exact-greedy ${small6} --games 2 --book ${CMAKE_CURRENT_BINARY_DIR}/no_such_dir/book.txt
  STDERR "cannot write --book")
battleship_cli_test("error: --book that is a directory" FAIL
  ARGS simulate --strategy exact-greedy ${small6} --games 2 --book ${CMAKE_CURRENT_BINARY_DIR}
  STDERR "is a directory")
# A --book is written back after the run, and the place is tried before it
# (a file made beside the book): a book from testdata is given through a copy
# in the build tree, so that the test neither writes into the source tree
# nor fails when that is read-only (a user's checkout, a package build).
configure_file(${battleship_cli_testdata}/shots_6x6.txt ${CMAKE_CURRENT_BINARY_DIR}/cli_test_not_a_book.txt COPYONLY)
configure_file(${battleship_cli_testdata}/book_cell_off_grid_6x6.txt
               ${CMAKE_CURRENT_BINARY_DIR}/cli_test_book_cell_off_grid_6x6.txt COPYONLY)
battleship_cli_test("error: --book that is not a book" FAIL
  ARGS simulate --strategy exact-greedy ${small6} --games 2 --book ${CMAKE_CURRENT_BINARY_DIR}/cli_test_not_a_book.txt
  STDERR "not a saved cache")
# /dev/stdout on a pipe (ctest's) is a FIFO, written in place: it failed,
# "cannot replace", because its link leads to no path.
if(EXISTS /dev/stdout)
  battleship_cli_test("evaluate --save /dev/stdout into a pipe"
    ARGS evaluate --grid 3x3 --fleet 2 --strategy row-scan --threads 1 --save /dev/stdout
    STDOUT "\"layouts\": 12")
endif()
# A cli test as a shell script, for what the harness above cannot check
# (what a file holds after the run): $0 is the tool, $1 a path for the
# test's files in the build tree. Skipped without sh, or without /dev/stdout
# when the script names it.
find_program(BATTLESHIP_SH_PROGRAM sh)
function(battleship_cli_shell_test name file script)
  if(NOT BATTLESHIP_SH_PROGRAM OR (script MATCHES "/dev/stdout" AND NOT EXISTS /dev/stdout))
    return()
  endif()
  add_test(NAME "cli: ${name}" COMMAND ${BATTLESHIP_SH_PROGRAM} -c "${script}" $<TARGET_FILE:battleship_cli>
                                       ${CMAKE_CURRENT_BINARY_DIR}/${file})
  set_tests_properties("cli: ${name}" PROPERTIES LABELS cli TIMEOUT 60)
endfunction()
# /dev/stdout on a file (`> f`): the save was renamed over f, and what the
# command printed after it went to the unlinked file, lost.
battleship_cli_shell_test("evaluate --save /dev/stdout into a file keeps what the command printed"
  cli_test_save_stdout.txt
  "\"$0\" evaluate --grid 3x3 --fleet 2 --strategy row-scan --threads 1 --quiet --save /dev/stdout > \"$1\" && grep -q '\"layouts\": 12' \"$1\" && grep -q '^layouts  *12 labelled' \"$1\"")
# --histogram /dev/stdout > f truncated f when it opened it again, and the
# summary printed after overwrote the picture's start.
battleship_cli_shell_test("simulate --histogram /dev/stdout into a file keeps the picture and the summary"
  cli_test_histogram_stdout.txt
  "\"$0\" simulate --strategy random --grid 3x3 --fleet 2 --games 10 --histogram /dev/stdout > \"$1\" && head -n 1 \"$1\" | grep -q '^<svg ' && grep -q '</svg>' \"$1\" && grep -q '^pctiles ' \"$1\"")
# A read-only file was replaced without a word (as root, which may write
# any file, the tool does write it: the test checks only as another user).
battleship_cli_shell_test("evaluate --save to a read-only file is refused before the run"
  cli_test_read_only
  "[ \"$(id -u)\" = 0 ] && exit 0; rm -rf \"$1\" && mkdir \"$1\" && echo keep > \"$1/ro.json\" && chmod a-w \"$1/ro.json\" && ! \"$0\" evaluate --grid 3x3 --fleet 2 --strategy row-scan --threads 1 --quiet --save \"$1/ro.json\" 2> \"$1/err\" && grep -q 'it is read-only' \"$1/err\" && grep -q '^keep$' \"$1/ro.json\"")
# A link to a file not made yet: the save was renamed over the link, which
# became a regular file, and the file it names was never made.
battleship_cli_shell_test("evaluate --save through a link to a file not made yet makes that file"
  cli_test_dangling_link
  "rm -rf \"$1\" && mkdir \"$1\" && ln -s target.json \"$1/link.json\" && \"$0\" evaluate --grid 3x3 --fleet 2 --strategy row-scan --threads 1 --quiet --save \"$1/link.json\" > /dev/null && test -L \"$1/link.json\" && grep -q '\"layouts\": 12' \"$1/target.json\"")
# A book is read before the run and written after it: /dev/zero (one
# endless line) took 2 GB in 3 s and went on, and /dev/stdout on a pipe (the
# run's own output) waited for ever.
foreach(device /dev/zero /dev/stdout)
  if(EXISTS ${device})
    battleship_cli_test("error: --book ${device}, no regular file" FAIL
      ARGS simulate --strategy exact-greedy ${small6} --games 2 --book ${device}
      STDERR "--book '${device}' is not a regular file")
  endif()
endforeach()
# A book whose stamp names the game but whose line answers cell 40 of a 6x6
# grid: refused as it loads, not when a game reaches that position.
battleship_cli_test("error: --book with a cell off its game's grid, refused as it loads" FAIL
  ARGS simulate --strategy exact-greedy ${small6} --games 2 --book ${CMAKE_CURRENT_BINARY_DIR}/cli_test_book_cell_off_grid_6x6.txt
  STDERR "line 5 is not a position of the book's game: a cell off the 6x6 grid")
battleship_cli_test("error: --book for another strategy" USAGE
  ARGS simulate --strategy hunt-target ${small6} --games 2 --book ${book_file} STDERR "exact-greedy only")
battleship_cli_test("error: --book-depth for a strategy evaluate plays without a book" USAGE
  ARGS evaluate --strategy row-scan ${small6} --book-depth 3 STDERR "exact-greedy only")
battleship_cli_test("error: --book with the book off" USAGE
  ARGS simulate --strategy exact-greedy ${small6} --games 2 --book-depth -1 --book ${book_file}
  STDERR "at least 0")
battleship_cli_test("error: a negative seed (CLI11 would wrap it to 2^64-1)" USAGE
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --games 3 --seed=-1 STDERR "--seed: must be a whole number")
battleship_cli_test("error: a seed past 2^64-1 (CLI11 would clamp it)" USAGE
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --games 3 --seed 18446744073709551616
  STDERR "--seed: is past 18446744073709551615")
battleship_cli_test("simulate: the largest seed is taken as given"
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --games 3 --seed 18446744073709551615
  STDOUT "seed 18446744073709551615")
battleship_cli_test("error: a negative edge weight" USAGE
  ARGS density --grid 4x4 --fleet 2 --edge-weight=-1 STDERR "--edge-weight: must be a whole number")
battleship_cli_test("simulate: ships placed one by one (sequential defense)"
  ARGS simulate --strategy hunt-target --preset datagenetics --defense sequential --games 500 --seed 2 --json
  JSON games=500)
battleship_cli_test("error: Park's Figure 8 defence needs his grid" USAGE
  ARGS simulate --strategy hunt-target --grid 5x5 --fleet 3 --defense park-figure8 --games 3)
battleship_cli_test("evaluate: sweep on every 7x7 4,3,3,2 no-contact layout"
  ARGS evaluate --strategy sweep --grid 7x7 --fleet 4,3,3,2 --rule no-contact --json
  JSON layouts=801760 unlabelled_layouts=400880 max=42 min=24 "rules=7x7 4,3,3,2 no-contact hit-miss")
battleship_cli_test("evaluate: a --time-limit the run keeps leaves the answer alone"
  ARGS evaluate --strategy sweep --grid 7x7 --fleet 4,3,3,2 --rule no-contact --time-limit 600 --json
  JSON layouts=801760 max=42 min=24)
# Playing the row scan against Park's 30,093,975,536 layouts takes hours, and
# one first-ship placement (a part) minutes: the run leaves its part too.
battleship_cli_test("error: evaluate past --time-limit"
  FAIL ARGS evaluate --preset park --strategy row-scan --method play --threads 2 --time-limit 0.3
  STDERR "no answer within --time-limit 0.3 s: [0-9]+ of 120 first-ship placements done")
# The fast path looked at the time only at each placement of the second
# ship, which with eight ships holds hours of layouts: it ran on past 100 s.
battleship_cli_test("error: evaluate past --time-limit on the fast path with many ships"
  FAIL ARGS evaluate --strategy row-scan --grid 10x10 --fleet 5,4,3,3,2,2,2,2 --threads 1 --time-limit 0.3
  STDERR "no answer within --time-limit 0.3 s: 0 of 120 first-ship placements done")
# A run stopped by its --time-limit writes back the positions its book
# gained (each decided whole), and the next run reads them.
set(stopped_book ${CMAKE_CURRENT_BINARY_DIR}/cli_test_stopped_book.txt)
add_test(NAME "cli: stopped book: no file yet" COMMAND ${CMAKE_COMMAND} -E rm -f ${stopped_book})
set_tests_properties("cli: stopped book: no file yet" PROPERTIES LABELS cli FIXTURES_SETUP cli_stopped_book_absent)
battleship_cli_test("error: evaluate past --time-limit keeps the positions its --book gained"
  FAIL ARGS evaluate --strategy exact-greedy --grid 8x8 --fleet 3,3,2 --threads 1 --book ${stopped_book} --time-limit 2
  STDERR "no answer within --time-limit 2 s: .* layouts.. --book '[^']*cli_test_stopped_book.txt' keeps the [1-9][0-9]* positions the run added")
set_tests_properties("cli: error: evaluate past --time-limit keeps the positions its --book gained"
                     PROPERTIES FIXTURES_REQUIRED cli_stopped_book_absent FIXTURES_SETUP cli_stopped_book_filled)
battleship_cli_test("simulate: reads the book a stopped evaluation kept"
  ARGS simulate --strategy exact-greedy --grid 8x8 --fleet 3,3,2 --games 1 --book ${stopped_book} --json
  STDOUT "\"loaded\": [1-9][0-9]*")
set_tests_properties("cli: simulate: reads the book a stopped evaluation kept"
                     PROPERTIES FIXTURES_REQUIRED cli_stopped_book_filled)
battleship_cli_test("error: evaluate's --time-limit takes seconds" USAGE
  ARGS evaluate --strategy sweep --grid 5x5 --fleet 3,2 --time-limit 1m STDERR "must be a number of seconds above 0")
battleship_cli_test("error: evaluate with a shard out of range" USAGE
  ARGS evaluate --strategy sweep --grid 5x5 --fleet 3,2 --shard 3/2)
battleship_cli_test("error: evaluate with a shard index equal to the shard count" USAGE
  ARGS evaluate --strategy sweep --grid 5x5 --fleet 3,2 --shard 2/2 STDERR "--shard '2/2' is not of the form i/n")
# One 2-ship on 3x3: 2 * 3 * 2 = 12 placements, no equal-length ships.
battleship_cli_test("evaluate: text output of a fleet without equal-length ships"
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 STDOUT "\nlayouts   12 labelled = 12 unlabelled x 1\n")
battleship_cli_test("evaluate: --order with sweep-horizontal-first"
  ARGS evaluate --strategy sweep-horizontal-first --grid 3x3 --fleet 2 --order B2,A1 --json
  JSON layouts=12 "strategy=sweep-horizontal-first order B2,A1")
# Constrained defenses (constrained_defense) and the search for hard layouts
# (search_hard_layouts). On a 5x1 strip the row scan's worst layout holds the
# 2-ship on the last two cells: 5 shots.
battleship_cli_test("simulate: hunt-target against ships on the edges, apart"
  ARGS simulate --strategy hunt-target --preset park --region edges --apart --games 200 --seed 2 --json
  JSON games=200 "defense=uniform (edges, apart)" "rules=10x10 5,4,3,3,2 touching hit-miss")
# 7x7 with ships 5,4,4,3,3,2 and no contact: about 4e-6 of rejection draws
# are legal (13 ms a layout, docs/RESULTS.md); the counter's tables draw them at once.
battleship_cli_test("simulate: a crowded fleet's uniform layouts come from the tables"
  ARGS simulate --strategy hunt-target --grid 7x7 --fleet 5,4,4,3,3,2 --rule no-contact --games 1000 --seed 1 --json
  JSON games=1000 defense=uniform defense_draws=tables)
battleship_cli_test("simulate: a crowded fleet says where its layouts come from"
  ARGS simulate --strategy random --grid 7x7 --fleet 5,4,4,3,3,2 --rule no-contact --games 5
  STDOUT "draws    from the exact counter's tables")
# 7x7 with ships 4,4,3,3,2,2 under no contact: about 1 in 13,000 rejection
# draws is legal, so the tables are used, but a memory limit they pass
# makes the tool fall back to rejection, which draws the same layouts.
battleship_cli_test("simulate: a crowded fleet whose tables pass --memory-limit draws by rejection"
  ARGS simulate --strategy row-scan --grid 7x7 --fleet 4,4,3,3,2,2 --rule no-contact --games 5 --memory-limit 1K --json
  JSON games=5 defense_draws=rejection)
battleship_cli_test("simulate: the text says a crowded fleet fell back to rejection draws"
  ARGS simulate --strategy row-scan --grid 7x7 --fleet 4,4,3,3,2,2 --rule no-contact --games 5 --memory-limit 1K
  STDOUT "draws    by rejection, slowly \\(a crowded fleet whose tables pass the memory limit\\)")
# The tables serve the uniform defense here, so their errors are given in its
# words, not the constrained defense's: a crowded fleet that fits in no way
# (nine 1-ships at most fit, apart, on 6x6; the constructor's bounded search
# cannot tell), and tables past the memory limit with no rejection draw legal.
battleship_cli_test("error: simulate says a crowded fleet that fits in no way cannot be placed" FAIL
  ARGS simulate --strategy hunt-target --grid 6x6 --fleet 1,1,1,1,1,1,1,1,1,1 --rule no-contact
  STDERR "^battleship: error: the fleet cannot be placed on the grid under these rules\n$")
battleship_cli_test("error: simulate --defense sequential says at once that a fleet fitting in no way cannot be placed" FAIL
  ARGS simulate --strategy hunt-target --grid 6x6 --fleet 1,1,1,1,1,1,1,1,1,1 --rule no-contact --defense sequential
  STDERR "^battleship: error: the fleet cannot be placed on the grid under these rules\n$")
# A crowded fleet that no rejection draw places is what the sequential
# defense is for: it places it itself, with no count and no memory limit.
battleship_cli_test("simulate --defense sequential places a crowded fleet without the counter or --memory-limit"
  ARGS simulate --strategy hunt-target --grid 7x7 --fleet 5,4,4,3,3,2 --rule no-contact --defense sequential --games 5 --memory-limit 1K --json
  JSON games=5 "defense=sequential")
battleship_cli_test("error: simulate names the uniform defense's tables when they pass --memory-limit" FAIL
  ARGS simulate --strategy hunt-target --grid 7x7 --fleet 5,4,4,3,3,2 --rule no-contact --memory-limit 1K
  STDERR "^battleship: error: the uniform defense draws this crowded fleet from tables, and they pass three quarters of the memory limit \\(1 KiB\\)")
# Constrained tables kept only as checkpoints cannot give one layout at a
# time: refused once, naming the limit (here 256K sits between the
# checkpoints and the whole tables; the library's test finds such limits
# itself).
battleship_cli_test("error: simulate --apart with tables past three quarters of --memory-limit names it" FAIL
  ARGS simulate --strategy row-scan --grid 7x7 --fleet 3,2 --apart --games 5 --memory-limit 256K
  STDERR "three quarters of the memory limit \\(256 KiB\\), so layouts cannot be drawn one at a time. raise --memory-limit\n$")
battleship_cli_test("error: simulate --memory-limit bounds exact-greedy's counter" FAIL
  ARGS simulate --strategy exact-greedy --grid 7x7 --fleet 3,2 --games 5 --memory-limit 1K
  STDERR "the occupancy matrix needs more than 1 KiB of memory on this board. raise --memory-limit\n$")
battleship_cli_test("simulate: the classic fleet's layouts come from rejection draws"
  ARGS simulate --strategy random --preset audinot --games 20 --json
  JSON games=20 defense_draws=rejection)
battleship_cli_test("simulate: the search finds the row scan's worst layout on a strip"
  ARGS simulate --strategy row-scan --grid 5x1 --fleet 2 --search-climbs 2 --search-steps 20 --seed 1 --json
  JSON shots=5.0 layout.0.start=A4 layout.0.direction=horizontal JSON_LENGTH starts=2)
battleship_cli_test("simulate: an annealed search says so"
  ARGS simulate --strategy row-scan --grid 5x1 --fleet 2 --search-climbs 2 --search-steps 20 --search-temperature 2
  STDOUT "annealed from 2 shots")
battleship_cli_test("simulate: an annealed search finds the strip's worst layout too"
  ARGS simulate --strategy row-scan --grid 5x1 --fleet 2 --search-climbs 2 --search-steps 20 --search-temperature 2
       --seed 1 --json
  JSON shots=5.0 temperature=2.0 layout.0.start=A4)
# --time-limit holds between the search's games, not only after its steps:
# the fresh games after the climbs and the climbs' starting layouts (with
# --search-steps 0 no step ever ends) used to run to the end past the limit,
# and exit 0. 2,000,000 hunt-target games on 8x8 with ships 4,3,2 take about
# 2 s of CPU in release; the search's own steps take milliseconds.
battleship_cli_test("error: simulate --time-limit stops the search's fresh games" FAIL
  ARGS simulate --strategy hunt-target --grid 8x8 --fleet 4,3,2 --search-climbs 1 --search-steps 1
       --fresh-games 20000000 --time-limit 0.5
  STDERR "no answer within --time-limit 0.5 s: the search done, its fresh games not")
battleship_cli_test("error: simulate --time-limit stops a search without steps" FAIL
  ARGS simulate --strategy hunt-target --grid 8x8 --fleet 4,3,2 --search-climbs 100 --search-steps 0
       --games-per-layout 200000 --time-limit 0.5
  STDERR "no answer within --time-limit 0.5 s")
# Without steps the climbs' starting layouts are the whole search: a limit
# passed while they are played must not say the search was done (it said
# "the search done, its fresh games not" whenever --fresh-games was given).
battleship_cli_test("error: simulate --time-limit during the starting layouts of a search without steps" FAIL
  ARGS simulate --strategy hunt-target --grid 8x8 --fleet 4,3,2 --search-climbs 100 --search-steps 0
       --games-per-layout 200000 --fresh-games 5 --time-limit 0.5
  STDERR "no answer within --time-limit 0.5 s: the climbs' starting layouts not all played")
# The climbs run in parallel with --threads, with the same result.
battleship_cli_test("simulate: a search on one thread"
  ARGS simulate --strategy per-ship-density --grid 6x6 --fleet 3,2,2 --search-climbs 4 --search-steps 50 --seed 3 --json
  JSON shots=29.0 climb_bests.0=28.0 climb_bests.3=29.0 starts.0=19.0 evaluations=204 moves_kept=26 threads=1
       layout.0.start=E4)
battleship_cli_test("simulate: the same search on two threads"
  ARGS simulate --strategy per-ship-density --grid 6x6 --fleet 3,2,2 --search-climbs 4 --search-steps 50 --seed 3
       --threads 2 --json
  JSON shots=29.0 climb_bests.0=28.0 climb_bests.3=29.0 starts.0=19.0 evaluations=204 moves_kept=26 threads=2
       layout.0.start=E4)
battleship_cli_test("error: simulate --search-temperature without a search" USAGE
  ARGS simulate --strategy random --preset park --games 5 --search-temperature 1
  STDERR "--search-temperature requires --search-climbs")
battleship_cli_test("error: simulate with a negative search temperature" USAGE
  ARGS simulate --strategy row-scan --grid 5x1 --fleet 2 --search-climbs 1 --search-temperature -1
  STDERR "--search-temperature must be finite and not negative")
battleship_cli_test("error: simulate --hit-weight with another strategy" USAGE
  ARGS simulate --strategy hunt-target --preset park --games 5 --hit-weight 5 STDERR "per-ship-density only")
battleship_cli_test("error: simulate --samples with another strategy" USAGE
  ARGS simulate --strategy exact-greedy --preset park --games 5 --samples 50 STDERR "monte-carlo-greedy only")
battleship_cli_test("error: simulate --book-depth with another strategy" USAGE
  ARGS simulate --strategy monte-carlo-greedy --preset park --games 5 --book-depth 3 STDERR "exact-greedy only")
# A strategy's option is refused with another strategy even at its default
# value: what the command line says is ignored either way.
battleship_cli_test("error: simulate --hit-weight at its default value with another strategy" USAGE
  ARGS simulate --strategy hunt-target --preset park --games 5 --hit-weight 32 STDERR "per-ship-density only")
battleship_cli_test("error: simulate --samples at its default value with another strategy" USAGE
  ARGS simulate --strategy hunt-target --preset park --games 5 --samples 1000 STDERR "monte-carlo-greedy only")
battleship_cli_test("error: simulate --book-depth at its default value with another strategy" USAGE
  ARGS simulate --strategy hunt-target --preset park --games 5 --book-depth 24 STDERR "exact-greedy only")
battleship_cli_test("error: evaluate --book-depth at its default value with another strategy" USAGE
  ARGS evaluate --strategy row-scan ${small6} --book-depth 24 STDERR "exact-greedy only")
battleship_cli_test("error: short-games --hit-weight at its default value with another strategy" USAGE
  ARGS short-games --strategy row-scan --grid 5x5 --fleet 3,2 --hit-weight 32 STDERR "per-ship-density only")
# An option the strategy does not take is the first thing wrong with it,
# whatever its value.
battleship_cli_test("error: short-games --hit-weight 0 with another strategy" USAGE
  ARGS short-games --strategy row-scan --grid 4x4 --fleet 2 --hit-weight 0 STDERR "per-ship-density only")
battleship_cli_test("error: simulate --hit-weight 0 with another strategy" USAGE
  ARGS simulate --strategy hunt-target --preset park --games 5 --hit-weight 0 STDERR "per-ship-density only")
battleship_cli_test("error: simulate's search options at their default values with --search-climbs 0" USAGE
  ARGS simulate --strategy random --grid 5x5 --fleet 2 --search-climbs 0 --search-steps 200
  STDERR "need --search-climbs of at least 1")
battleship_cli_test("simulate: the strategy's own options at their default values are accepted"
  ARGS simulate --strategy per-ship-density --grid 5x5 --fleet 3,2 --games 5 --hit-weight 32 --json JSON games=5)
battleship_cli_test("error: simulate --games with --search-climbs" USAGE
  ARGS simulate --strategy random --preset park --games 5 --search-climbs 1 STDERR "--games excludes --search-climbs")
battleship_cli_test("error: simulate --search-steps without a search" USAGE
  ARGS simulate --strategy random --preset park --games 5 --search-steps 5
  STDERR "--search-steps requires --search-climbs")
battleship_cli_test("error: simulate --fresh-games without a search" USAGE
  ARGS simulate --strategy random --preset park --games 5 --fresh-games 5 STDERR "--fresh-games requires --search-climbs")
battleship_cli_test("error: simulate --apart with --clustered" USAGE
  ARGS simulate --strategy random --preset park --apart --clustered --games 3 STDERR "exclude each other")
battleship_cli_test("error: simulate --clustered under a rule where ships never share an edge" USAGE
  ARGS simulate --strategy random --preset audinot --clustered --games 3
  STDERR "impossible under the no-contact rule, where no two ships share an edge")
battleship_cli_test("error: simulate --clustered with one ship" USAGE
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --clustered --games 3 STDERR "needs at least two ships")
# Two 3-ships on a 3x3 board's border ring lie on opposite sides, never touching:
# the draws run out, and the error names the option that could not be met.
battleship_cli_test("error: simulate --clustered that no layout in the region meets" FAIL
  ARGS simulate --strategy random --grid 3x3 --fleet 3,3 --region edges --clustered --games 1
  STDERR "no layout met --clustered \\(every ship shares an edge with another\\) in 100000 draws")
battleship_cli_test("error: simulate --region with another defense" USAGE
  ARGS simulate --strategy random --preset park --region edges --defense sequential --games 3
  STDERR "take the uniform defense")
# 4x4 has no middle (no cell two or more from every edge): the command line
# alone says so, so it is a usage error.
battleship_cli_test("error: simulate with no middle on a small grid" USAGE
  ARGS simulate --strategy random --grid 4x4 --fleet 3 --region middle --games 3
  STDERR "--region middle: a 4x4 grid has no middle \\(no cell two or more from every edge\\)")
battleship_cli_test("error: simulate with no middle on a thin grid" USAGE
  ARGS simulate --strategy random --grid 9x3 --fleet 2 --region middle --games 3
  STDERR "a 9x3 grid has no middle")
battleship_cli_test("error: simulate with a middle too small for the fleet" FAIL
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --region middle --games 3
  STDERR "no legal layout keeps every ship inside the region")
# The middle of 5x5 without its two outer rings is C3 alone: the row scan reaches it with its 13th shot.
battleship_cli_test("simulate: the middle region of 5x5 is its centre cell"
  ARGS simulate --strategy row-scan --grid 5x5 --fleet 1 --region middle --games 20 --json
  JSON games=20 min=13 max=13 "defense=uniform (middle)")
# A constrained uniform defense draws from the counter's tables (constrained_defense).
battleship_cli_test("simulate: a constrained defense's layouts come from the tables"
  ARGS simulate --strategy random --grid 5x5 --fleet 2 --region edges --games 3 --json JSON defense_draws=tables)
battleship_cli_test("simulate: a constrained defense's text says its layouts come from the tables"
  ARGS simulate --strategy random --grid 5x5 --fleet 2 --region edges --games 3
  STDOUT "draws    from the exact counter's tables \\(the constrained defense\\)\n")
battleship_cli_test("simulate: a clustered defense's text says it redraws"
  ARGS simulate --strategy random --grid 5x5 --fleet 2,2 --clustered --games 3
  STDOUT "tables \\(the constrained defense\\), redrawn until every ship shares an edge with another\n")

# short-games: the game tree walked with exact counts (count_short_games).
# The walk's counts and exact-greedy's own run under --memory-limit: the
# count of Park's layouts takes a few MiB, exact-greedy's 10x10 matrix
# between 16 and 32 MiB.
battleship_cli_test("error: short-games past --memory-limit in the count of all layouts" FAIL
  ARGS short-games --preset datagenetics --strategy row-scan --memory-limit 1M
  STDERR "the exact count needs more than 1 MiB of memory on this board. raise --memory-limit\n$")
battleship_cli_test("error: short-games past --memory-limit in exact-greedy's matrix" FAIL
  ARGS short-games --grid 10x10 --strategy exact-greedy --memory-limit 16M
  STDERR "the occupancy matrix needs more than 16 MiB of memory on this board. raise --memory-limit\n$")
battleship_cli_test("short-games: a --memory-limit the counts fit leaves the answer alone"
  ARGS short-games --grid 10x10 --strategy exact-greedy --memory-limit 32M --json
  JSON layouts=30093975536 games.0.layouts=42)
# One 2-ship on a 1x5 strip, row scan: it finishes at once only when the
# ship starts on A1 (1 layout of 4), after one miss when it starts on A2.
battleship_cli_test("short-games: the row scan on a strip"
  ARGS short-games --strategy row-scan --grid 5x1 --fleet 2 --max-misses 1 --json
  JSON layouts=4 games.0.layouts=1 games.1.shots=3 games.1.layouts=1 longer=2)
battleship_cli_test("short-games: text output of no misses is in the plural"
  ARGS short-games --strategy row-scan --grid 5x1 --fleet 2 --max-misses 0 STDOUT "games of at most 2 shots \\(0 misses\\)")
# Two 2-ships on a 1x5 strip without contact lie on A1-A2 and A4-A5: the row scan
# always misses A3, so no game is perfect ("never").
battleship_cli_test("short-games: one game in never when no game is that short"
  ARGS short-games --strategy row-scan --grid 5x1 --fleet 2,2 --rule no-contact STDOUT " 0 +0 +never\n")
# One 2-ship on 3x2 (7 layouts), row scan: A2-B2 and B1-B2 both take 3 misses, 2 of 7, one in 3.5.
battleship_cli_test("short-games: one game in a number below 100 keeps its decimals"
  ARGS short-games --strategy row-scan --grid 3x2 --fleet 2 --max-misses 3 STDOUT "\n +3 +5 +2 +0.285714 +3.5\n")
# The row scan finishes 40 of Park's 30,093,975,536 layouts in 17 shots: the
# other games' share, 1 - 1.33e-9, is not written as 1 (nor a row's share)
# but by how far it falls short of 1.
battleship_cli_test("short-games: a share just below 1 is not rounded to 1"
  ARGS short-games --strategy row-scan --preset park --threads 1 STDOUT "\n +more +30093975496 +1-1\\.33e-09\n")
# Sixteen 1-ships on 10x10: 16! of the 2.8e31 layouts fill the first 16
# cells, so the rest's share, 1 - 7.4e-19, is 1 as a double: it is written
# by how far it falls short of 1, not as 1.
battleship_cli_test("short-games: a share nearer 1 than a double holds is not written as 1"
  ARGS short-games --strategy row-scan --grid 10x10 --fleet 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 --threads 1
  STDOUT "\n +more +28159159160078012616707469312000 +1-7\\.43e-19\n")
# With every miss allowed the walk settles every layout: the 956 of
# "evaluate: exact-greedy over every 5x5 layout" above.
battleship_cli_test("short-games: every game of per-ship-density on 5x5"
  ARGS short-games --strategy per-ship-density --grid 5x5 --fleet 3,2 --feedback sunk --max-misses 99 --threads 2
       --json JSON layouts=956 max_misses=20 longer=0)
battleship_cli_test("short-games: a --time-limit the walk keeps leaves the answer alone"
  ARGS short-games --strategy per-ship-density --grid 5x5 --fleet 3,2 --feedback sunk --max-misses 99 --threads 2
       --time-limit 600 --json JSON layouts=956 max_misses=20 longer=0)
battleship_cli_test("error: short-games past --time-limit"
  FAIL ARGS short-games --preset datagenetics --strategy per-ship-density --max-misses 3 --threads 2 --time-limit 0.3
  STDERR "no answer within --time-limit 0.3 s: [0-9.]+% of the layouts settled, [0-9]+ positions walked")
battleship_cli_test("error: short-games with a negative miss count" USAGE
  ARGS short-games --strategy row-scan --grid 5x5 --fleet 3,2 --max-misses=-1 STDERR "--max-misses")
battleship_cli_test("error: short-games with a hit weight for another strategy" USAGE
  ARGS short-games --strategy row-scan --grid 5x5 --fleet 3,2 --hit-weight 5 STDERR "per-ship-density only")

# Misuse found by session 75's audit of the tool.
battleship_cli_test("simulate: integers are decimal, leading zeros and all (CLI11 alone read 010 as 8)"
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --games 010 --seed 1 --json JSON games=10)
battleship_cli_test("error: simulate --games in hexadecimal" USAGE
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --games 0x10 STDERR "--games: must be a whole number in decimal")
battleship_cli_test("error: simulate --seed with letters after its digits" USAGE
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --games 2 --seed 12abc STDERR "--seed: must be a whole number")
battleship_cli_test("error: simulate --games that is a minus sign alone" USAGE
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --games - STDERR "--games: must be a whole number in decimal digits")
battleship_cli_test("error: simulate --games past int64, not clamped" USAGE
  ARGS simulate --strategy random --grid 5x5 --fleet 3 --games 99999999999999999999999 STDERR "out of range")
# --hit-weight is a 64-bit weight (per_ship_density_options::hit_weight):
# whole_number<int> refused 3000000000 ("at most 2147483647"), which it took
# before the validator learnt the option's type.
battleship_cli_test("simulate --hit-weight past what an int holds, within its 64 bits"
  ARGS simulate --strategy per-ship-density --grid 4x4 --fleet 2 --games 3 --hit-weight 3000000000 --json JSON games=3)
battleship_cli_test("short-games --hit-weight past what an int holds, within its 64 bits"
  ARGS short-games --strategy per-ship-density --grid 4x4 --fleet 2 --hit-weight 3000000000 --json JSON layouts=24)
# Past an int but within the 64 bits the validator read: CLI11 said only
# "Could not convert".
battleship_cli_test("error: short-games --max-misses past what an int holds" USAGE
  ARGS short-games --grid 3x3 --fleet 2 --max-misses 3000000000 STDERR "--max-misses: is out of range \\(at most 2147483647\\)")
battleship_cli_test("error: simulate --threads past what an int holds" USAGE
  ARGS simulate --strategy random --grid 3x3 --fleet 2 --threads 3000000000 STDERR "--threads: is out of range \\(at most 2147483647\\)")
# Below an int: the int's least (-2147483648) is no bound of --threads.
battleship_cli_test("error: simulate --threads far below what an int holds" USAGE
  ARGS simulate --strategy random --grid 3x3 --fleet 2 --threads -2147483649
  STDERR "--threads: is out of range \\(far below what it takes\\)\n$")
battleship_cli_test("error: --memory-limit past 64 bits" USAGE
  ARGS count --grid 3x3 --fleet 2 --memory-limit 18446744073709551616
  STDERR "--memory-limit: is out of range \\(at most 2\\^64 - 1 bytes")
battleship_cli_test("error: simulate --search-climbs negative" USAGE
  ARGS simulate --strategy row-scan --grid 5x5 --fleet 3,2 --search-climbs -1 STDERR "cannot be negative")
battleship_cli_test("error: simulate with the search's options but no search" USAGE
  ARGS simulate --strategy row-scan --grid 5x5 --fleet 3,2 --search-climbs 0 --search-steps 5
  STDERR "need --search-climbs of at least 1")
battleship_cli_test("simulate: a search of no steps keeps the climbs' starting layouts"
  ARGS simulate --strategy row-scan --grid 5x1 --fleet 2 --search-climbs 1 --search-steps 0 --json JSON climbs=1 steps=0)
battleship_cli_test("error: evaluate on a fleet that fits nowhere" FAIL
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 3,3,3 --rule no-contact STDERR "no layout exists")
# A shard of it too, rather than an empty part that only the merge refuses.
battleship_cli_test("error: evaluate --shard of a fleet that fits nowhere" FAIL
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 3,3,3 --rule no-contact --shard 1/2 STDERR "no layout exists")
# An empty shard of a fleet that fits is a part like any other: 2x1 with one
# 1-ship has 2 first-ship placements, so shard 2 of 3 has none.
battleship_cli_test("evaluate: an empty shard of a fleet that fits"
  ARGS evaluate --strategy row-scan --grid 2x1 --fleet 1 --shard 2/3 --json JSON layouts=0)
# Not JSON, or a directory: said in the tool's words, not nlohmann's tag
# ("[json.exception.parse_error.101]") or libstdc++'s "basic_filebuf::underflow".
battleship_cli_test("error: evaluate --merge of a file that is not JSON" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/sunk_6x6.txt
  STDERR "sunk_6x6.txt' is not a saved evaluation: not JSON \\(parse error at line 1, column 1: [^[]*\\)\n$")
battleship_cli_test("error: evaluate --merge of JSON with no strategy" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_no_strategy.json
  STDERR "merge_no_strategy.json' is not a saved evaluation: it has no strategy\n$")
battleship_cli_test("error: evaluate --merge of JSON whose strategy is a number" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_strategy_number.json
  STDERR "merge_strategy_number.json' is not a saved evaluation: strategy is 5, not a string\n$")
battleship_cli_test("error: evaluate --merge of a directory" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata} STDERR "error: --merge '.*testdata' is a directory\n$")
battleship_cli_test("error: evaluate --merge of a file listing a shard twice" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_duplicate_shards.json STDERR "shards must be distinct")
battleship_cli_test("error: evaluate --merge of a histogram that is not a multiple of labels_per_layout" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_bad_labels.json STDERR "not a multiple of labels_per_layout")
battleship_cli_test("error: evaluate --merge of a labels_per_layout its fleet cannot have" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_labels_not_the_fleets.json
  STDERR "labels_per_layout is 5, where its fleet's equal-length ships give 1")
# The name reaches the terminal and the SVG chart.
battleship_cli_test("error: evaluate --merge of a strategy name with an escape character" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_control_in_strategy.json
  STDERR "its strategy name 'sweep.x1b.31m' holds control characters or bytes that are not UTF-8")
battleship_cli_test("error: evaluate --merge of a histogram with a negative bin" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_negative_bin.json STDERR "its histogram holds -1, not a count")
battleship_cli_test("error: evaluate --merge of a histogram with a fractional bin" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_fraction_bin.json STDERR "its histogram holds 1.5, not a count")
battleship_cli_test("error: evaluate --merge of a histogram of 2^64 layouts, which a count cannot hold" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_2_to_the_64_layouts.json
  STDERR "its histogram holds 2\\^64 layouts or more")
battleship_cli_test("error: evaluate --merge of two parts of 2^63 layouts each" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_2_to_the_63_layouts_shard_0_of_2.json
                        ${battleship_cli_testdata}/merge_2_to_the_63_layouts_shard_1_of_2.json
  STDERR "the merged parts hold 2\\^64 layouts or more")
battleship_cli_test("evaluate --merge of one part of 2^63 layouts"
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_2_to_the_63_layouts_shard_0_of_2.json --json
  JSON layouts=9223372036854775808 complete=OFF)
# Both shards of a fleet that fits nowhere: the merged whole holds no layout, refused as a run of it is.
battleship_cli_test("error: evaluate --merge of a whole evaluation with no layout" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_no_layout_shard_0_of_2.json
       ${battleship_cli_testdata}/merge_no_layout_shard_1_of_2.json STDERR "no layout exists")
# Output files are checked before the run, which may take hours, not after it.
battleship_cli_test("error: evaluate --save where it cannot be written, refused before the run" FAIL
  ARGS evaluate --strategy sweep --grid 5x5 --fleet 3,2 --save ${CMAKE_CURRENT_BINARY_DIR}/no_such_dir/x.json
  STDERR "cannot write --save '.*x.json' there")
battleship_cli_test("error: evaluate --histogram where it cannot be written" FAIL
  ARGS evaluate --strategy sweep --grid 5x5 --fleet 3,2 --histogram ${CMAKE_CURRENT_BINARY_DIR}/no_such_dir/x.svg
  STDERR "cannot write --histogram")
battleship_cli_test("error: simulate --histogram that is a directory" FAIL
  ARGS simulate --strategy sweep --grid 5x5 --fleet 3,2 --histogram ${CMAKE_CURRENT_BINARY_DIR}
  STDERR "--histogram '.*' is a directory")
# CLI11 reads numbers in base 0: "010" would be 8, "0x10" 16.
battleship_cli_test("density: --edge-weight with a leading zero is decimal"
  ARGS density --grid 4x4 --fleet 2 --edge-weight 010 --json JSON edge_weight=10)
battleship_cli_test("simulate: --seed with leading zeros is decimal"
  ARGS simulate --strategy sweep --grid 4x4 --fleet 2 --games 3 --seed 0777 STDOUT "seed 777,")
battleship_cli_test("error: --search-temperature in hexadecimal" USAGE
  ARGS simulate --strategy row-scan --grid 4x4 --fleet 2 --search-climbs 1 --search-temperature 0x10
  STDERR "must be a number in decimal")
battleship_cli_test("error: short-games --hit-weight 0" USAGE
  ARGS short-games --strategy per-ship-density --grid 4x4 --fleet 2 --max-misses 1 --hit-weight 0
  STDERR "--hit-weight must be at least 1")
battleship_cli_test("error: solve --greedy with a text --tree, which prints the tree alone" USAGE
  ARGS solve --grid 3x3 --fleet 2 --greedy --tree text STDERR "add --json")
battleship_cli_test("solve: --tree dot is Graphviz"
  ARGS solve --grid 3x3 --fleet 2 --tree dot STDOUT "^digraph ")
# A sunk fleet: no first shot, an empty string in JSON, not a word.
battleship_cli_test("solve: no first shot once the fleet is sunk, in JSON"
  ARGS solve --grid 3x3 --fleet 2 --board ${battleship_cli_testdata}/fleet_sunk_3x3.txt --json
  JSON total_height=0 layouts=1 first_shot=)
battleship_cli_test("solve: --greedy with --tree in JSON"
  ARGS solve --grid 3x3 --fleet 2 --greedy --tree dot --json JSON greedy_total_height=54 total_height=54)
battleship_cli_test("error: a sweep order naming a cell twice names the cell" USAGE
  ARGS evaluate --strategy sweep --grid 5x5 --fleet 3,2 --order A1,A1,B2 STDERR "cell A1 appears twice")
battleship_cli_test("error: --board names a directory" FAIL
  ARGS count ${small6} --board ${battleship_cli_testdata} STDERR "is a directory")
battleship_cli_test("error: --board reads at most 16 MiB" FAIL ARGS count ${small6} --board /dev/zero STDERR "16 MiB")
battleship_cli_test("density: per-ship on a board with every cell shot has no best shot, and is no error"
  ARGS density --grid 2x1 --fleet 2 --board ${battleship_cli_testdata}/all_hit_2x1.txt --model per-ship --json
  JSON best= shots=2)
battleship_cli_test("error: --fleet with a trailing comma" USAGE ARGS count --grid 6x6 --fleet 3,2, STDERR "comma-separated")
battleship_cli_test("error: --fleet with a sign" USAGE ARGS count --grid 6x6 --fleet +3,2 STDERR "comma-separated")
battleship_cli_test("error: --grid with signs" USAGE ARGS count --grid +6x+6 --fleet 3,2 STDERR "WxH")
# Leading zeros are ignored in --grid and --fleet as in whole-number options,
# however many there are; the 9-digit limit counts the digits after them.
battleship_cli_test("count: --grid and --fleet ignore leading zeros, past nine digits too"
  ARGS count --grid 0000000003x00000000003 --fleet 0000000002 --json JSON grid.width=3 grid.height=3 labelled=12)
battleship_cli_test("error: --grid with ten digits after its leading zeros" USAGE
  ARGS count --grid 01000000000x3 --fleet 2 STDERR "WxH")
battleship_cli_test("error: --order with a trailing comma" USAGE
  ARGS evaluate --strategy sweep --grid 5x5 --fleet 3,2 --order A1,B2, STDERR "not a cell")
# The harness passes an empty argument as one.
battleship_cli_test("error: --fleet with an empty value" USAGE
  ARGS count --grid 6x6 --fleet "" STDERR "error: --fleet is empty")
# An empty value (a script's unset variable) is refused, never read as the
# option left out: --board "" counted the empty board, --order "" swept in
# the default order, and --save, --histogram and --book "" wrote nothing.
set(empty_value "is empty: give a file name, or leave the option out")
battleship_cli_test("error: --board with an empty value" USAGE
  ARGS count ${small6} --board "" STDERR "--board: ${empty_value}")
battleship_cli_test("error: solve --board with an empty value" USAGE
  ARGS solve --grid 3x3 --fleet 2 --board "" STDERR "--board: ${empty_value}")
battleship_cli_test("error: --order with an empty value" USAGE
  ARGS evaluate --strategy sweep --grid 5x5 --fleet 3,2 --order "" STDERR "--order: is empty: give cells, or leave")
battleship_cli_test("error: evaluate --save with an empty value" USAGE
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 --save "" STDERR "--save: ${empty_value}")
battleship_cli_test("error: evaluate --histogram with an empty value" USAGE
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 --histogram "" STDERR "--histogram: ${empty_value}")
battleship_cli_test("error: evaluate --merge with an empty value" USAGE
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_no_layout_shard_0_of_2.json "" STDERR "--merge: ${empty_value}")
battleship_cli_test("error: evaluate --compare with an empty value" USAGE
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 --histogram ${CMAKE_CURRENT_BINARY_DIR}/cli_test_unwritten.svg
       --compare "" STDERR "--compare: ${empty_value}")
battleship_cli_test("error: simulate --histogram with an empty value" USAGE
  ARGS simulate --strategy random --grid 3x3 --fleet 2 --games 3 --histogram "" STDERR "--histogram: ${empty_value}")
battleship_cli_test("error: simulate --book with an empty value" USAGE
  ARGS simulate --strategy exact-greedy --grid 3x3 --fleet 2 --games 3 --book "" STDERR "--book: ${empty_value}")

# Every subcommand's JSON names the game under the same keys (rules_json).
set(game_keys grid.width=4 grid.height=3 fleet.0.name=Ship1 fleet.0.length=2 fleet.1.length=1 rule=no-edge
    feedback=hit-miss)
battleship_cli_test("json: solve names the game as count does"
  ARGS solve --grid 4x3 --fleet 2,1 --rule no-edge --json JSON ${game_keys} shots=0)
battleship_cli_test("json: bounds names the game as count does"
  ARGS bounds --grid 4x3 --fleet 2,1 --rule no-edge --json JSON ${game_keys} shots=0)
battleship_cli_test("json: simulate names the game as count does"
  ARGS simulate --strategy random --grid 4x3 --fleet 2,1 --rule no-edge --games 5 --json JSON ${game_keys} games=5)
battleship_cli_test("json: evaluate names the game as count does"
  ARGS evaluate --strategy row-scan --grid 4x3 --fleet 2,1 --rule no-edge --json JSON ${game_keys} complete=ON)
battleship_cli_test("json: short-games names the game as count does"
  ARGS short-games --strategy row-scan --grid 4x3 --fleet 2,1 --rule no-edge --json JSON ${game_keys})
# A shard saved before evaluations carried the game's keys still merges; the
# merged whole is the unsharded evaluation (mean 401/32), with the keys of the
# part that has them.
battleship_cli_test("evaluate: a shard merged with one saved before the game keys"
  ARGS evaluate --strategy row-scan --grid 4x4 --fleet 2,2 --shard 0/2
       --merge ${battleship_cli_testdata}/merge_shard_1_of_2_before_game_keys.json --json
  JSON complete=ON layouts=448 mean_fraction=401/32 method=merged grid.width=4 fleet.1.length=2 rule=touching)
battleship_cli_test("evaluate: a shard saved before the game keys, merged alone"
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_shard_1_of_2_before_game_keys.json --json
  JSON complete=OFF layouts=204 shards.0=1)
battleship_cli_test("error: evaluate --merge of shards of another game" FAIL
  ARGS evaluate --strategy row-scan --grid 4x4 --fleet 2,3 --shard 0/2
       --merge ${battleship_cli_testdata}/merge_shard_1_of_2_before_game_keys.json
  STDERR "cannot merge results of different evaluations")

# Telling a shot log from a picture: a CR LF log with a blank line first is
# a log, and a log whose first shot is mistyped is named as a log's error,
# not as a picture row of the wrong width.
battleship_cli_test("count: a CR LF shot log with a blank line before the first shot"
  ARGS count --grid 3x3 --fleet 2 --board ${battleship_cli_testdata}/crlf_blank_line_first.txt --json
  JSON shots=2 labelled=2)
battleship_cli_test("error: a shot log whose first shot is mistyped" FAIL
  ARGS count --grid 10x10 --fleet 2 --board ${battleship_cli_testdata}/mistyped_first_shot.txt
  STDERR "mistyped_first_shot.txt:2:1: 'A1:' is not a cell of the 10x10 grid: write the cell and what it was with spaces between, as in 'A1 hit'\n$")
# Standard input that cannot be read (here a directory) is not an empty board.
battleship_cli_test("error: --board - on standard input that cannot be read" FAIL
  ARGS count --grid 3x3 --fleet 2 --board - INPUT ${battleship_cli_testdata} STDERR "<stdin>: cannot be read")

# Shards played (--method play) of a fleet with equal-length ships: each holds
# whole unlabelled layouts, so they save, load and merge into the whole
# (3x3, ships 2,2: 88 layouts, mean 84/11, as the unsharded run); a played
# shard does not merge with a fast one, nor one saved before the split was
# recorded, when playing split equal-length ships apart.
set(played_shard ${CMAKE_CURRENT_BINARY_DIR}/cli_test_played_shard.json)
battleship_cli_test("evaluate: a played shard of a fleet with equal-length ships is saved"
  ARGS evaluate --quiet --grid 3x3 --fleet 2,2 --strategy row-scan --method play --shard 1/2 --save ${played_shard}
  --json JSON split=play layouts=42 unlabelled_layouts=21)
set_tests_properties("cli: evaluate: a played shard of a fleet with equal-length ships is saved"
                     PROPERTIES FIXTURES_SETUP cli_played_shard)
battleship_cli_test("evaluate: played shards of a fleet with equal-length ships merge into the whole"
  ARGS evaluate --quiet --grid 3x3 --fleet 2,2 --strategy row-scan --method play --shard 0/2 --merge ${played_shard}
  --json JSON complete=ON layouts=88 unlabelled_layouts=44 mean_fraction=84/11)
battleship_cli_test("error: evaluate --merge of a played shard into a fast one" FAIL
  ARGS evaluate --quiet --grid 3x3 --fleet 2,2 --strategy row-scan --method fast --shard 0/2 --merge ${played_shard}
  STDERR "cannot merge shards split differently")
set_tests_properties("cli: evaluate: played shards of a fleet with equal-length ships merge into the whole"
                     "cli: error: evaluate --merge of a played shard into a fast one"
                     PROPERTIES FIXTURES_REQUIRED cli_played_shard)
battleship_cli_test("error: evaluate --merge of a played shard saved before the split was recorded" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_played_shard_before_split.json
  STDERR "a shard played before shards kept equal-length ships together cannot be merged")
# A chance of one game in more than 10^15 is not printed as an exact integer
# (C(256,16) is 10078751602022313874633200; a double holds its first 16 digits).
battleship_cli_test("short-games: one game in 10^25 in scientific notation"
  ARGS short-games --strategy row-scan --grid 16x16 --fleet 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 --max-misses 0
  STDOUT "1\\.00788e\\+25")

# Options that would be ignored are refused.
battleship_cli_test("error: simulate --search-climbs 0, which would simulate instead" USAGE
  ARGS simulate --strategy random --grid 5x5 --fleet 2 --search-climbs 0 STDERR "--search-climbs must be at least 1")
battleship_cli_test("error: evaluate --progress with --quiet" USAGE
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 --progress --quiet STDERR "--progress excludes --quiet")
battleship_cli_test("error: short-games --progress with --quiet" USAGE
  ARGS short-games --strategy row-scan --grid 3x3 --fleet 2 --progress --quiet STDERR "--progress excludes --quiet")
battleship_cli_test("error: evaluate --merge alone with a run's option" USAGE
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_shard_1_of_2_before_game_keys.json --shard 0/2
  STDERR "--shard requires --strategy")
battleship_cli_test("error: evaluate --compare without --histogram" USAGE
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_shard_1_of_2_before_game_keys.json
       --compare ${battleship_cli_testdata}/merge_shard_1_of_2_before_game_keys.json
  STDERR "--compare requires --histogram")
# --apart with no region: the message names the no-edge rule it asks for, not a region.
battleship_cli_test("error: simulate --apart where no layout keeps ships apart" FAIL
  ARGS simulate --strategy random --grid 3x3 --fleet 3,3,3 --apart --games 2
  STDERR "no legal layout exists under the no-edge rule the defense keeps to")
battleship_cli_test("simulate: one game has no confidence interval"
  ARGS simulate --strategy row-scan --grid 3x3 --fleet 2 --games 1 STDOUT "one game: no confidence interval")
battleship_cli_test("simulate: one game's JSON ci95 is null"
  ARGS simulate --strategy row-scan --grid 3x3 --fleet 2 --games 1 --json STDOUT "\"ci95\": null" JSON games=1)
battleship_cli_test("density: no best shot once every ship cell is hit"
  ARGS density --grid 3x3 --fleet 2 --board ${battleship_cli_testdata}/fleet_sunk_3x3.txt --json STDOUT "\"best\": null")
battleship_cli_test("density: the per-ship model names no best shot once every ship cell is hit"
  ARGS density --grid 3x3 --fleet 2 --model per-ship --board ${battleship_cli_testdata}/fleet_sunk_3x3.txt
  STDOUT "the game is over")
# As many hits as the fleet has cells, but no ship of length 2 lies on A1 and C1:
# not a finished game, a board no layout agrees with, as the exact model says.
battleship_cli_test("error: the per-ship model on hits no layout lies on" FAIL
  ARGS density --grid 3x3 --fleet 2 --model per-ship --board ${battleship_cli_testdata}/fleet_sunk_impossible_3x3.txt
  STDERR "no layout agrees with the observation")
# A saved evaluation edited by hand: a game longer than the grid's cell
# count, or game keys that name another game than its rules label.
battleship_cli_test("error: evaluate --merge of a game of more shots than the grid has cells" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_game_longer_than_grid.json
  STDERR "its histogram has games of 18 shots on a grid of 16 cells")
battleship_cli_test("error: evaluate --merge of a file whose game keys disagree with its rules" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_game_keys_disagree.json
  STDERR "its grid, fleet, rule and feedback \\(5x4 2,2 touching hit-miss\\) are not its rules' \\(4x4")
# A picture under sunk feedback cannot announce a sinking: the error says so.
battleship_cli_test("error: a picture showing a whole ship hit under sunk feedback" FAIL
  ARGS count ${small6} --feedback sunk --board ${battleship_cli_testdata}/picture_unannounced_sinking_6x6.txt
  STDERR "no layout agrees with the observation \\(the board is a picture, which cannot announce a sinking: if a ship")
battleship_cli_test("count: the same picture under hit/miss feedback"
  ARGS count ${small6} --board ${battleship_cli_testdata}/picture_unannounced_sinking_6x6.txt --json JSON labelled=33)
battleship_cli_test("count: a sunk ship named by an index with leading zeros"
  ARGS count --grid 3x3 --fleet 1 --feedback sunk --board ${battleship_cli_testdata}/sunk_index_leading_zeros.txt
  --json JSON labelled=1)
# simulate --time-limit: the games stop at the limit and the first K are
# reported (an error if none finished); the search stops with an error; a
# limit the run keeps leaves its result alone.
battleship_cli_test("simulate: games past --time-limit stop, and those finished are reported"
  ARGS simulate --strategy random --preset park --games 100000000 --time-limit 0.3
  STDOUT "stopped  by --time-limit 0.3 s after [0-9]+ of 100000000 games: the first [0-9]+, as --games [0-9]+ plays them")
# JSON games is K, the games finished, not --games: at most 8 digits, where --games has 9.
battleship_cli_test("simulate: games past --time-limit, in JSON"
  ARGS simulate --strategy random --preset park --games 100000000 --time-limit 0.3 --json
  JSON stopped_by_time_limit=ON
  STDOUT "\"games\": [1-9][0-9]?[0-9]?[0-9]?[0-9]?[0-9]?[0-9]?[0-9]?,\n  \"stopped_by_time_limit\": true")
battleship_cli_test("error: simulate --time-limit passed before any game finished" FAIL
  ARGS simulate --strategy random --preset park --games 1000 --time-limit 0.000001
  STDERR "no answer within --time-limit 1e-06 s: no game finished \\(of 1000\\)")
battleship_cli_test("error: simulate's search past --time-limit" FAIL
  ARGS simulate --strategy random --grid 6x6 --fleet 3,2 --search-climbs 100000 --time-limit 0.3
  STDERR "no answer within --time-limit 0.3 s: [0-9]+ of 20000000 steps searched")
battleship_cli_test("simulate: a --time-limit the games keep leaves the result alone"
  ARGS simulate --strategy hunt-target --preset park --games 200 --seed 3 --time-limit 600 --json
  JSON games=200 mean=66.435000000000002 stopped_by_time_limit=OFF)
battleship_cli_test("error: --edge-weight with another model, even at its default" USAGE
  ARGS density --grid 4x4 --fleet 2 --edge-weight 1 --model per-ship STDERR "--edge-weight is a prior")
# Parts saved before results named their split: with one longest ship the
# methods split alike, so old played shards merge (4x4, ships 3,2,2: the
# whole's 3,200 layouts, mean 1141/80); with several, a partial merge of
# unknown parts is refused.
battleship_cli_test("evaluate: played shards saved before the split, with one longest ship, merge"
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_played_shard_0_of_2_unique_longest.json
       ${battleship_cli_testdata}/merge_played_shard_1_of_2_unique_longest.json --json
  JSON complete=ON layouts=3200 mean_fraction=1141/80)
battleship_cli_test("error: evaluate --merge of a partial merge saved before the split, several longest ships" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_partial_before_split.json
  STDERR "a part saved before parts named their split cannot be merged when several ships share the longest length")
battleship_cli_test("error: bounds past --memory-limit, refused before enumerating under the touching rule" FAIL
  ARGS bounds --grid 8x8 --fleet 4,3,3,2 --memory-limit 1G
  STDERR "the bounds need every layout's cells, about 1831 MiB for 39998648 layouts, more than 1 GiB. raise --memory-limit\n$")
battleship_cli_test("error: bounds past --memory-limit in the count, under a contact rule" FAIL
  ARGS bounds --grid 8x8 --fleet 4,3,3,2 --rule no-edge --memory-limit 16K
  STDERR "the exact count needs more than 16 KiB of memory on this board. raise --memory-limit\n$")
battleship_cli_test("bounds: --memory-limit above what the enumeration takes"
  ARGS bounds --grid 5x5 --fleet 3,2 --memory-limit 1M --json JSON layouts=956 leaves=910 weighted=ON)
battleship_cli_test("bounds: text output says the leaves are weighted"
  ARGS bounds --grid 5x5 --fleet 3,2 STDOUT "leaves: 910 \\(weighted\\), layouts 956\n")
battleship_cli_test("error: bounds past --time-limit, enumerating under the touching rule" FAIL
  ARGS bounds --grid 8x8 --fleet 4,3,3,2 --time-limit 0.5
  STDERR "no answer within --time-limit 0.5 s: the bounds were counting layouts")
battleship_cli_test("bounds: a --time-limit the bounds keep leaves them alone"
  ARGS bounds --grid 4x4 --fleet 2 --rule no-contact --time-limit 600 --json JSON leaves=24 complete_tree_total=112)

# Session 84: options the tool would ignore, and messages that named the wrong thing.
battleship_cli_test("error: evaluate --merge alone with the rule options, which the files decide" USAGE
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_shard_1_of_2_before_game_keys.json --grid 5x5
  STDERR "--merge alone takes the game from its files")
battleship_cli_test("error: evaluate with neither --strategy nor --merge" USAGE
  ARGS evaluate --grid 3x3 --fleet 2 STDERR "--strategy \\(or --merge\\) is required")
battleship_cli_test("error: density --method with a model that counts nothing" USAGE
  ARGS density --grid 4x4 --fleet 2,2 --model monte-carlo --method recursive
  STDERR "--method chooses the exact model's counter; --model monte-carlo counts nothing")
battleship_cli_test("error: an unknown subcommand is named" USAGE
  ARGS nosuch STDERR "unknown subcommand 'nosuch'")
battleship_cli_test("error: solve past the search's limit names what it counts" FAIL
  ARGS solve --grid 5x5 --fleet 3,2,2 STDERR "11088 > 4096 sets of ship cells")
battleship_cli_test("error: simulate --progress with --quiet" USAGE
  ARGS simulate --strategy random --grid 3x3 --fleet 2 --progress --quiet STDERR "--progress excludes --quiet")
battleship_cli_test("simulate --quiet" ARGS simulate --strategy random --grid 3x3 --fleet 2 --games 10 --quiet
  STDOUT "games +10 ")

# What count, density, evaluate and simulate print and refuse, each as
# docs/cli.md says, where no test above had looked (session 91's mutants).
battleship_cli_test("count: JSON names the method used"
  ARGS count --grid 3x3 --fleet 2 --method bitset --json JSON method=bitset labelled=12)
# Two 3-ships without contact on 3x3: 4 labelled layouts, 2 unlabelled; the text gives each its line.
battleship_cli_test("count: text output's unlabelled line"
  ARGS count --grid 3x3 --fleet 3,3 --rule no-contact
  STDOUT "labelled layouts \\(every ship distinct\\): +4\nunlabelled layouts \\(equal lengths alike\\): +2\n")
# The plain grid of docs/cli.md's example: columns numbered from 1, X a hit, - a miss.
battleship_cli_test("density: the plain grid numbers the columns and marks hits and misses"
  ARGS density ${small6} --board ${battleship_cli_testdata}/shots_6x6.txt
  STDOUT "\n       1    2    3    4    5    6\nA    5\\.9  7\\.4  7\\.4  9\\.6  8\\.8  5\\.9\nB    7\\.4  2\\.9    -  6\\.6  9\\.6  8\\.8\nC    7\\.4    -    X 55\\.1")
# Colours relative to the best unshot cell (C4, 55.1 %): A1's 5.9 % is step
# 3 of the 25 (2.57 rounded), dark blue 20; a hit on dark red 88, a miss on grey 236.
battleship_cli_test("density: the colours of a cell, a hit and a miss"
  ARGS density ${small6} --board ${battleship_cli_testdata}/shots_6x6.txt --colour always
  STDOUT "\nA  .\\[48;5;20m.\\[38;5;231m  5\\.9.*\nB  .*.\\[48;5;236m.\\[38;5;231m    -.*\nC  .*.\\[48;5;88m.\\[38;5;231m    X")
battleship_cli_test("density: the monte-carlo model's text names it and gives chances"
  ARGS density --grid 3x3 --fleet 3,3 --rule no-contact --model monte-carlo --samples 50
  STDOUT ", model monte-carlo\npercent chance that each cell holds a ship")
battleship_cli_test("error: density --samples 0" USAGE
  ARGS density --grid 3x3 --fleet 2 --model monte-carlo --samples 0 STDERR "--samples must be at least 1")
# Row scan over the 88 layouts of two 2-ships on 3x3 (docs/cli.md's keys):
# the median (8) is not the mean (84/11).
battleship_cli_test("evaluate: JSON median"
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2,2 --json JSON median=8.0 mean_fraction=84/11)
battleship_cli_test("evaluate: text output of a fleet with equal-length ships"
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2,2
  STDOUT "\nlayouts   88 labelled = 44 unlabelled x 2 \\(equal-length ships interchangeable\\)\nmean      7\\.636364 shots \\(exactly 84/11\\)\nstddev    1\\.3995\nmedian    8\n")
battleship_cli_test("evaluate: a shard's text says which part of how many it holds"
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2,2 --shard 1/3
  STDOUT "\npartial   shards 1 of 3: merge the others with --merge\n")
battleship_cli_test("error: evaluate --order with a strategy that is not a sweep" USAGE
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 --order A1 STDERR "--order applies to the sweep strategies only")
battleship_cli_test("error: evaluate --compare of a file that holds no layout" FAIL
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 --histogram ${CMAKE_CURRENT_BINARY_DIR}/cli_test_compare.svg
       --compare ${battleship_cli_testdata}/merge_no_layout_shard_0_of_2.json STDERR "holds no layout")
# One shard of a fleet that fits nowhere is a part like any other; only the whole is refused.
battleship_cli_test("evaluate: --merge of one empty shard alone is a partial result"
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_no_layout_shard_0_of_2.json --json
  JSON complete=OFF layouts=0 shard_count=2)
# --compare's files are read before the run: Audinot's row scan, played, would
# first stop at its --time-limit.
battleship_cli_test("error: evaluate --compare of a missing file, refused before the run" FAIL
  ARGS evaluate --preset audinot --strategy row-scan --method play --time-limit 0.000001
       --histogram ${CMAKE_CURRENT_BINARY_DIR}/cli_test_compare_missing.svg --compare /no/such/evaluation.json
  STDERR "cannot open --compare '/no/such/evaluation.json'")
# A part with no layout once skipped its picture, and the --compare files unread.
battleship_cli_test("error: evaluate --compare of a missing file beside a part with no layout" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_no_layout_shard_0_of_2.json
       --histogram ${CMAKE_CURRENT_BINARY_DIR}/cli_test_compare_missing.svg --compare /no/such/evaluation.json
  STDERR "cannot open --compare '/no/such/evaluation.json'")
# Refused after its --save is written: an empty shard is still a part that --merge needs.
set(empty_part_save ${CMAKE_CURRENT_BINARY_DIR}/cli_test_empty_part.json)
battleship_cli_test("error: evaluate --histogram of a part with no layout and nothing to compare" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_no_layout_shard_0_of_2.json
       --histogram ${CMAKE_CURRENT_BINARY_DIR}/cli_test_compare_missing.svg --save ${empty_part_save}
  STDERR "--histogram has nothing to draw: this part holds no layout and --compare no file")
# Saved evaluations edited by hand, each otherwise merge_duplicate_shards.json with shard 0.
battleship_cli_test("error: evaluate --merge of a shard index equal to shard_count" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_shard_past_count.json STDERR "shards must be distinct indices below shard_count")
battleship_cli_test("error: evaluate --merge of a histogram that does not add up to total_shots" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_total_shots_off.json STDERR "does not add up to its total_shots")
battleship_cli_test("error: evaluate --merge of a split that is neither fast nor play" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_unknown_split.json STDERR "split 'merged' is neither fast nor play")
# 200 row-scan games of one 2-ship on 3x3: the nine percentiles in JSON, six in the text.
battleship_cli_test("simulate: JSON percentiles"
  ARGS simulate --strategy row-scan --grid 3x3 --fleet 2 --games 200 --seed 1 --json
  JSON percentiles.1=2 percentiles.10=2 percentiles.25=4 percentiles.50=6 percentiles.75=8 percentiles.90=9
       percentiles.99=9 perfect_shots=2 perfect_games=23)
battleship_cli_test("simulate: text percentiles, on one thread"
  ARGS simulate --strategy row-scan --grid 3x3 --fleet 2 --games 200 --seed 1
  STDOUT "games    200 \\(seed 1, 1 thread\\)\n.*\npctiles  p1 2  p5 2  p25 4  p75 8  p95 9  p99 9\nperfect  23 games in 2 shots")
# Two 2-ships apart on a 1x5 strip lie on A1-A2 and A4-A5: the row scan takes 5 shots, never the perfect 4.
battleship_cli_test("simulate: the perfect line names the shots of a perfect game, not the fewest played"
  ARGS simulate --strategy row-scan --grid 5x1 --fleet 2,2 --rule no-contact --games 5
  STDOUT "\nmin      5\n.*\nperfect  0 games in 4 shots \\(rate 0\\)\n")
# Ships placed one by one favour other layouts than the uniform defense, whose mean with this seed is 15.197.
battleship_cli_test("simulate: the sequential defense plays its own layouts"
  ARGS simulate --strategy row-scan --grid 4x4 --fleet 3,2,2 --rule no-contact --defense sequential --games 300
       --seed 1 --json JSON mean=15.34)
# Clustered, two 1-ships on a 1x4 strip are one of 3 adjacent pairs (mean 3 shots);
# uniform, one of 6 pairs (mean 3.5; 3.44 with this seed).
battleship_cli_test("simulate: --clustered keeps every ship next to another"
  ARGS simulate --strategy row-scan --grid 4x1 --fleet 1,1 --clustered --games 100 --seed 1 --json JSON mean=3.0899999999999999)
# The border ring of 3x3 leaves out B2, the row scan's 5th shot.
battleship_cli_test("simulate: --region edges leaves the inner ring empty"
  ARGS simulate --strategy row-scan --grid 3x3 --fleet 1 --region edges --games 100 --json JSON histogram.5=0 max=9)
battleship_cli_test("simulate: a search's text gives each climb's start and best"
  ARGS simulate --strategy per-ship-density --grid 6x6 --fleet 3,2,2 --search-climbs 2 --search-steps 50 --seed 3
  STDOUT "\nhardest  29 shots\nclimb 1  19 -> 28 shots\nclimb 2  23 -> 29 shots\n")
# A randomised strategy: the fresh games' mean (12.65) is not the climbs' figure (15).
battleship_cli_test("simulate: a search's fresh games have their own mean"
  ARGS simulate --strategy random --grid 4x4 --fleet 2 --search-climbs 1 --search-steps 5 --fresh-games 20 --seed 1
       --json JSON shots=15.0 fresh.games=20 fresh.mean=12.65)
battleship_cli_test("error: simulate --games-per-layout 0" USAGE
  ARGS simulate --strategy row-scan --grid 3x3 --fleet 2 --search-climbs 1 --games-per-layout 0
  STDERR "--games-per-layout must be at least 1")
battleship_cli_test("error: simulate --histogram with --search-climbs" USAGE
  ARGS simulate --strategy row-scan --grid 3x3 --fleet 2 --search-climbs 1
       --histogram ${CMAKE_CURRENT_BINARY_DIR}/cli_test_search.svg STDERR "--histogram is for simulations, not --search-climbs")
battleship_cli_test("simulate: the book's text line counts the positions cached"
  ARGS simulate --strategy exact-greedy --grid 5x5 --fleet 3,2 --games 20
  STDOUT "\nbook     154 positions cached \\(up to 24 shots\\), 103 shots answered from it\n")
# The per-ship strategy with hit weight 1 plays other games than with the default 32 (mean 13.84).
battleship_cli_test("simulate: --hit-weight reaches the per-ship strategy"
  ARGS simulate --strategy per-ship-density --grid 5x5 --fleet 3,2 --games 50 --hit-weight 1 --json JSON mean=15.18)
battleship_cli_test("error: simulate --samples 0" USAGE
  ARGS simulate --strategy monte-carlo-greedy --grid 3x3 --fleet 2 --samples 0 --games 2 STDERR "--samples must be at least 1")
# --histogram's pictures, read back by a test after the one that writes them
# (the fixtures order them: no files, the writers, the readers).
set(simulate_svg ${CMAKE_CURRENT_BINARY_DIR}/cli_test_simulate.svg)
set(evaluate_svg ${CMAKE_CURRENT_BINARY_DIR}/cli_test_evaluate.svg)
set(compared_svg ${CMAKE_CURRENT_BINARY_DIR}/cli_test_compared.svg)
add_test(NAME "cli: histograms: no files yet" COMMAND ${CMAKE_COMMAND} -E rm -f ${simulate_svg} ${evaluate_svg}
                                                       ${compared_svg} ${empty_part_save})
set_tests_properties("cli: histograms: no files yet" PROPERTIES LABELS cli FIXTURES_SETUP cli_svg_absent)
set_tests_properties("cli: error: evaluate --histogram of a part with no layout and nothing to compare"
                     PROPERTIES FIXTURES_REQUIRED cli_svg_absent FIXTURES_SETUP cli_empty_part_saved)
# It merges with the other shard into the whole (here a fleet that cannot be placed).
battleship_cli_test("evaluate: the part refused a picture of nothing was saved" FAIL
  ARGS evaluate --merge ${empty_part_save} ${battleship_cli_testdata}/merge_no_layout_shard_1_of_2.json
  STDERR "no layout exists")
set_tests_properties("cli: evaluate: the part refused a picture of nothing was saved"
                     PROPERTIES FIXTURES_REQUIRED cli_empty_part_saved)
battleship_cli_test("simulate: --histogram writes its picture"
  ARGS simulate --strategy row-scan --grid 3x3 --fleet 1 --region edges --games 20 --histogram ${simulate_svg} --json
  JSON games=20)
battleship_cli_test("evaluate: --histogram writes its picture"
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 --histogram ${evaluate_svg} --json JSON layouts=12)
set_tests_properties("cli: simulate: --histogram writes its picture"
                     PROPERTIES FIXTURES_REQUIRED cli_svg_absent FIXTURES_SETUP cli_simulate_svg)
# A part with no layout draws the compared results alone.
battleship_cli_test("evaluate: --histogram of a part with no layout draws the compared results"
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_no_layout_shard_0_of_2.json --histogram ${compared_svg}
       --compare ${battleship_cli_testdata}/merge_played_shard_0_of_2_unique_longest.json --json JSON layouts=0)
set_tests_properties("cli: evaluate: --histogram writes its picture"
                     PROPERTIES FIXTURES_REQUIRED cli_svg_absent FIXTURES_SETUP cli_evaluate_svg)
set_tests_properties("cli: evaluate: --histogram of a part with no layout draws the compared results"
                     PROPERTIES FIXTURES_REQUIRED cli_svg_absent FIXTURES_SETUP cli_compared_svg)
add_test(NAME "cli: evaluate: the picture of a part with no layout holds the compared result"
         COMMAND ${CMAKE_COMMAND} -E cat ${compared_svg})
set_tests_properties("cli: evaluate: the picture of a part with no layout holds the compared result" PROPERTIES
  LABELS cli FIXTURES_REQUIRED cli_compared_svg PASS_REGULAR_EXPRESSION ">row-scan — 1600 layouts, mean ")
# The title names the defense with its constraints; evaluate's axis and
# legend count layouts, simulate's games.
add_test(NAME "cli: simulate: the histogram's title names the constrained defense"
         COMMAND ${CMAKE_COMMAND} -E cat ${simulate_svg})
set_tests_properties("cli: simulate: the histogram's title names the constrained defense" PROPERTIES LABELS cli
  FIXTURES_REQUIRED cli_simulate_svg PASS_REGULAR_EXPRESSION ">row-scan vs uniform \\(edges\\) defense \\(3x3 1 touching hit-miss\\)<.*>row-scan — [0-9]+ games, mean ")
add_test(NAME "cli: evaluate: the histogram's title and axis name the layouts"
         COMMAND ${CMAKE_COMMAND} -E cat ${evaluate_svg})
set_tests_properties("cli: evaluate: the histogram's title and axis name the layouts" PROPERTIES LABELS cli
  FIXTURES_REQUIRED cli_evaluate_svg
  PASS_REGULAR_EXPRESSION ">Shots over every layout \\(3x3 2 touching hit-miss\\)<.*>row-scan — [0-9]+ layouts, mean .*>share of layouts \\(%\\)<")
# --grid takes an upper-case X too; the header lists every ship, comma-separated.
battleship_cli_test("count: --grid with an upper-case X, and the text's list of ships"
  ARGS count --grid 3X3 --fleet 3,2 STDOUT "^3x3, ships 3,2, rule touching, feedback hit-miss, 0 shots\n")
# 16777215T is 2^64 - 2^40 bytes, the largest whole number of TiB a size holds.
battleship_cli_test("count: the largest --memory-limit in T"
  ARGS count --grid 3x3 --fleet 2 --memory-limit 16777215T --json JSON labelled=12)

# What solve, bounds, short-games, the board reader, the messages' escaping
# and the size and time options print and refuse, each as docs/cli.md and
# docs/board-format.md say, where no test above had looked (round K's mutants).
battleship_cli_test("battleship --help lists the subcommands"
  ARGS --help STDOUT "\n  short-games .*\n  solve .*\n  bounds ")
# Two ships on 3x3 under the touching rule: 84 layouts but 62 leaves (layouts sharing their cells).
battleship_cli_test("solve: text output of the optimum over the layouts, and the table's size"
  ARGS solve --grid 3x3 --fleet 2,1
  STDOUT "\noptimal total height: 561 over 84 layouts = 6\\.67857 shots on average\nfirst shot: +B2\nstates: +116 \\(142 searched\\) in [^ ]+ s, 0\\.0 MiB of table\n")
battleship_cli_test("solve: --greedy's text line gives its own value over the layouts"
  ARGS solve --grid 4x4 --fleet 2,3 --greedy
  STDOUT "\nfirst shot: +B2\nbest greedy: +2471 / 264 = 9\\.35985 \\(first shot B2\\)\n")
battleship_cli_test("solve: --greedy's JSON average is its own"
  ARGS solve --grid 4x4 --fleet 2,3 --greedy --json JSON average=9.3484848484848477 greedy_average=9.3598484848484844)
battleship_cli_test("solve: the text says why there is no first shot once the fleet is sunk"
  ARGS solve --grid 3x3 --fleet 2 --board ${battleship_cli_testdata}/fleet_sunk_3x3.txt
  STDOUT "\nfirst shot: +none \\(the fleet is sunk\\)\n")
# Two 1-ships on 3x3: the optimal first shot is A1, cell 0.
battleship_cli_test("solve: JSON first shot on the first cell"
  ARGS solve --grid 3x3 --fleet 1,1 --json JSON first_shot=A1 total_height=240 layouts=36)
battleship_cli_test("solve: --tree text is the tree alone, indented by depth"
  ARGS solve --grid 3x3 --fleet 2 --tree text STDOUT "^B2 \\[12\\]\n  hit: A2 \\[4\\]\n    hit: sunk \\(A2 B2\\) \\[1\\]\n")
battleship_cli_test("solve: --tree with --json holds the tree"
  ARGS solve --grid 3x3 --fleet 2 --tree text --json JSON total_height=54 STDOUT "\"tree\": \"B2 \\[12\\]\\\\n  hit: A2")
battleship_cli_test("solve: --tree takes a sunk position the search takes, 6840 labelled layouts but 1140 to the search"
  ARGS solve --grid 5x4 --fleet 1,1,1 --feedback sunk --tree text STDOUT "^[A-D][1-5] \\[6840\\]\n")
battleship_cli_test("error: solve --no-symmetry past 4096 labelled layouts says they are labelled" FAIL
  ARGS solve --grid 5x4 --fleet 1,1,1 --feedback sunk --no-symmetry STDERR "6840 > 4096 labelled layouts")
# Without the symmetries the same optimum on more states (9 with them).
battleship_cli_test("solve: --no-symmetry, the same optimum on more states"
  ARGS solve --grid 3x3 --fleet 2 --no-symmetry --json JSON total_height=54 states=16)
battleship_cli_test("error: solve past --time-limit names the limit in full" FAIL
  ARGS solve --grid 8x8 --fleet 2 --time-limit 0.01000001 STDERR "no answer within --time-limit 0\\.01000001 s: ")
# kB is a KiB, as KiB and K are (docs/cli.md: with or without iB or B).
battleship_cli_test("error: solve with a table past a --memory-limit in kB" FAIL
  ARGS solve --grid 4x4 --fleet 2,3 --memory-limit 64kB STDERR "table needs more than 64 KiB for this position")
battleship_cli_test("bounds: text output of both bounds"
  ARGS bounds --grid 3x1 --fleet 2 --rule no-contact
  STDOUT "\nleaves: 2, layouts 2\ncomplete-tree bound: 1 shots on average\nhits-aware bound: +2\\.5 shots on average\n")
battleship_cli_test("error: short-games with a negative thread count" USAGE
  ARGS short-games --strategy row-scan --grid 5x1 --fleet 2 --threads=-1 STDERR "--threads cannot be negative")
battleship_cli_test("short-games: text output of one miss is in the singular"
  ARGS short-games --strategy row-scan --grid 5x1 --fleet 2 --max-misses 1 STDOUT "games of at most 3 shots \\(1 miss\\)")
# Two ships on 4x4: the sweep's games of 1 and 2 misses (3 and 2 of 264);
# sweep-horizontal-first has 3 and 13.
battleship_cli_test("short-games: the sweep clears in four directions"
  ARGS short-games --strategy sweep --grid 4x4 --fleet 3,2 --max-misses 2 --json
  JSON ship_cells=5 games.1.layouts=3 games.2.layouts=2 games.1.probability=0.011363636363636364 longer=259)
# exact-greedy's perfect games are 2 of 264 there, per-ship-density's none (1 with --hit-weight 1).
battleship_cli_test("short-games: exact-greedy plays the exact density"
  ARGS short-games --strategy exact-greedy --grid 4x4 --fleet 3,2 --json JSON games.0.layouts=2)
battleship_cli_test("short-games: --hit-weight reaches the per-ship strategy"
  ARGS short-games --strategy per-ship-density --grid 4x4 --fleet 3,2 --hit-weight 1 --json JSON games.0.layouts=1)
# 264 / 9 is 29.3 (three digits); Park's 30093975536 layouts over the row scan's 40 perfect games, in full.
battleship_cli_test("short-games: one game in a number from 10 to 100 keeps a decimal"
  ARGS short-games --strategy exact-greedy --grid 4x4 --fleet 3,2 --max-misses 1 STDOUT "\n +1 +6 +9 +0\\.0340909 +29\\.3\n")
battleship_cli_test("short-games: one game in a number below 10^15 is a whole number"
  ARGS short-games --strategy row-scan --preset park STDOUT "\n +0 +17 +40 +1\\.32917e-09 +752349388\n")
# The board reader (docs/board-format.md).
battleship_cli_test("count: a picture's comment line may be indented"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_indented_comment_3x3.txt --json
  JSON labelled=2 shots=1)
# A note may follow a picture's row, as it may a shot log's line.
battleship_cli_test("count: a picture row with a comment after its cells"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_trailing_comment_3x3.txt --json
  JSON labelled=1 shots=2)
# A long word is cut short in an error, so that a binary file given by
# mistake does not give a message as long as the file.
battleship_cli_test("error: a long word in a shot log is quoted cut short, with its length" FAIL
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/long_outcome.txt
  STDERR "long_outcome.txt:2:4: expected hit, miss or sunk, found 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\.\\.\\.' \\(a word of 60 bytes\\)\n$")
battleship_cli_test("error: a long word is cut between characters, not inside one" FAIL
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/long_accented_cell.txt
  STDERR "long_accented_cell.txt:2:1: 'éééééééééééééééééééééééééééééééééééééééé\\.\\.\\.' \\(a word of 83 bytes\\) is not a cell")
battleship_cli_test("count: a picture with O for a miss"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/picture_upper_o_3x3.txt --json JSON labelled=1 shots=2)
battleship_cli_test("count: a shot log's words in any case, a tab between them"
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/shots_tab_upper_case_3x3.txt --json
  JSON labelled=1 shots=2)
# The count of cells leaves out the spaces between them; the column counts them.
battleship_cli_test("error: a spaced picture's short row counts its cells" FAIL
  ARGS count --grid 7x6 --fleet 3,2 --board ${battleship_cli_testdata}/picture_6x6.txt
  STDERR "picture_6x6.txt:2: expected 7 cells, found 6\n")
battleship_cli_test("error: a spaced picture's bad character names its column in the line" FAIL
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/bad_char_spaced_3x3.txt
  STDERR "bad_char_spaced_3x3.txt:3:6: unexpected character")
battleship_cli_test("error: shot off a grid wider than tall names it WxH" FAIL
  ARGS count --grid 4x3 --fleet 2 --board ${battleship_cli_testdata}/shots_6x6.txt
  STDERR "shots_6x6.txt:5:1: 'E5' is not a cell of the 4x3 grid \\(rows A\\.\\., columns 1\\.\\.\\)")
battleship_cli_test("error: a ship index one past the fleet" FAIL
  ARGS count --grid 3x3 --fleet 1 --feedback sunk --board ${battleship_cli_testdata}/sunk_index_past_fleet.txt
  STDERR "sunk_index_past_fleet.txt:2:9: no ship '2' in the fleet \\(Ship1, or 1\\.\\.1\\)")
# Well-formed UTF-8 is quoted as it is, to the word's last byte.
battleship_cli_test("error: a word ending in a UTF-8 letter is quoted as it is" FAIL
  ARGS count --grid 3x3 --fleet 3 --board ${battleship_cli_testdata}/utf8_word.txt STDERR "utf8_word.txt:2:1: 'B2é' is not a cell")
string(ASCII 224 128 175 overlong3)  # '/' in an overlong three-byte form
battleship_cli_test("error: an overlong three-byte form in an argument is shown byte by byte" USAGE
  ARGS count --grid "4${overlong3}x4" STDERR "4\\\\xe0\\\\x80\\\\xafx4")
string(ASCII 240 128 128 175 overlong4)  # '/' in an overlong four-byte form
battleship_cli_test("error: an overlong four-byte form in an argument is shown byte by byte" USAGE
  ARGS count --grid "4${overlong4}x4" STDERR "4\\\\xf0\\\\x80\\\\x80\\\\xafx4")
battleship_cli_test("error: a newline in an argument is shown" USAGE
  ARGS count --grid "4\nx4" STDERR "4\\\\nx4")

# --save written to a disk that fills up (/dev/full stands for one, behind a
# link in the build directory, so the check before the run, which tries a
# file beside it, passes) must fail, not exit 0 with the part lost.
if(EXISTS /dev/full)
  set(full_disk_save ${CMAKE_CURRENT_BINARY_DIR}/cli_test_full_disk_save.json)
  file(CREATE_LINK /dev/full ${full_disk_save} SYMBOLIC)
  battleship_cli_test("error: evaluate --save on a full disk" FAIL
    ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 --save ${full_disk_save} STDERR "cannot write")
  # The same for standard output: a text line, and JSON through std::cout.
  battleship_cli_test("error: count's output to a full disk" FAIL
    ARGS count --grid 3x3 --fleet 2 OUTPUT /dev/full STDERR "cannot write the output to standard output")
  battleship_cli_test("error: density --json to a full disk" FAIL
    ARGS density --grid 3x3 --fleet 2 --json OUTPUT /dev/full STDERR "cannot write the output to standard output")
endif()
# A file name need not be UTF-8: the JSON naming the --book must still be
# printed (and the book written), not fail after the run.
string(ASCII 255 byte_ff)
battleship_cli_test("simulate --json with a --book whose name is not UTF-8"
  ARGS simulate --strategy exact-greedy --grid 3x3 --fleet 2 --games 5
       --book ${CMAKE_CURRENT_BINARY_DIR}/cli_test_book_${byte_ff}.txt --json JSON games=5 book.depth=24)
battleship_cli_test("evaluate --json with a --book whose name is not UTF-8"
  ARGS evaluate --strategy exact-greedy --grid 3x3 --fleet 2 --threads 1
       --book ${CMAKE_CURRENT_BINARY_DIR}/cli_test_eval_book_${byte_ff}.txt --json JSON layouts=12 book.depth=24)
# Shards of one sweep order merge however its cells were typed: the label
# names them as the grid does.
battleship_cli_test("evaluate: --order's cells named as the grid names them"
  ARGS evaluate --strategy sweep --grid 3x3 --fleet 2 --order b02,a1 --json JSON "strategy=sweep order B2,A1")
# A --save file whose name is near the system's 255-byte limit can be written;
# the check before the run must not refuse it for the longer name it tries.
string(REPEAT "s" 240 long_name)
battleship_cli_test("evaluate --save to a file of a 250-byte name"
  ARGS evaluate --strategy row-scan --grid 3x3 --fleet 2 --save ${CMAKE_CURRENT_BINARY_DIR}/${long_name}_save.json
       --json JSON layouts=12)
# The papers' figures in the default run (the HEAVY ones take 2-6 s in a
# release build, 24-65 s under the sanitizers, which skip them).
# Audinot et al. Figure 3: the frequency matrix of the no-contact game, in
# percent, every cell as the paper prints it (the occurrence matrix of
# Figure 2 over 1,925,751,392 layouts).
battleship_cli_test("density: Audinot et al. Figure 3, the no-contact frequency matrix in percent"
  ARGS density --preset audinot --colour never
  STDOUT "\nA   11\\.9 15\\.1 18\\.6 19\\.9 20\\.5 20\\.5 19\\.9 18\\.6 15\\.1 11\\.9\nB   15\\.1 14\\.3 16\\.0 15\\.8 15\\.7 15\\.7 15\\.8 16\\.0 14\\.3 15\\.1\nC   18\\.6 16\\.0 17\\.6 17\\.4 17\\.3 17\\.3 17\\.4 17\\.6 16\\.0 18\\.6\nD   19\\.9 15\\.8 17\\.4 17\\.1 17\\.1 17\\.1 17\\.1 17\\.4 15\\.8 19\\.9\nE   20\\.5 15\\.7 17\\.3 17\\.1 17\\.2 17\\.2 17\\.1 17\\.3 15\\.7 20\\.5\nF   20\\.5 15\\.7 17\\.3 17\\.1 17\\.2 17\\.2 17\\.1 17\\.3 15\\.7 20\\.5\nG   19\\.9 15\\.8 17\\.4 17\\.1 17\\.1 17\\.1 17\\.1 17\\.4 15\\.8 19\\.9\nH   18\\.6 16\\.0 17\\.6 17\\.4 17\\.3 17\\.3 17\\.4 17\\.6 16\\.0 18\\.6\nI   15\\.1 14\\.3 16\\.0 15\\.8 15\\.7 15\\.7 15\\.8 16\\.0 14\\.3 15\\.1\nJ   11\\.9 15\\.1 18\\.6 19\\.9 20\\.5 20\\.5 19\\.9 18\\.6 15\\.1 11\\.9\n")
# Audinot et al. equation 2: phi(10,10) > 30.8, from the layouts the tool counts.
battleship_cli_test("bounds: Audinot et al. equation 2, phi of the 10x10 game above 30.8"
  ARGS bounds --preset audinot --json JSON leaves=1925751392 complete_tree_total=59476560896
  STDOUT "\"complete_tree\": 30\\.8")
# Audinot et al. section 4.2: the row scan over every layout, 91.7 (about 1.5 s on one core).
battleship_cli_test("evaluate: Audinot et al. section 4.2, the row scan over every layout averages 91.7" HEAVY
  ARGS evaluate --strategy row-scan --preset audinot --threads 1 --json
  JSON layouts=3851502784 mean_fraction=176584297983/1925751392 max=100
  STDOUT "\"mean\": 91\\.(6[5-9]|7[0-4])")
# The two Figure 10 sweeps over every layout take 8-14 s each on one core (the
# hidden Catch2 test checks them exactly); 200,000 sampled layouts each give
# their means to +-0.04: 58.7, and below 55.6 with deviation 7.6.
battleship_cli_test("simulate: Audinot et al. section 4.2, the Figure 10 sweep on sampled layouts averages 58.7" HEAVY
  ARGS simulate --strategy sweep --preset audinot --games 200000 --seed 1 --quiet
  STDOUT "\nmean +58\\.(6[5-9]|7[0-4])")
battleship_cli_test("simulate: Audinot et al. section 4.2, the horizontal-first sweep on sampled layouts below 55.6" HEAVY
  ARGS simulate --strategy sweep-horizontal-first --preset audinot --games 200000 --seed 1 --quiet
  STDOUT "\nmean +55\\.[45][0-9]* .*\nstddev +7\\.6")
# Park Table 4 (10,000,000 games each): hunt and target against random
# placement 66.1, against the Figure 8 layout 77.8; 200,000 games each here.
battleship_cli_test("simulate: Park Table 4, hunt and target against random placement averages 66.1" HEAVY
  ARGS simulate --strategy hunt-target --preset park --games 200000 --seed 1 --quiet
  STDOUT "\nmean +66\\.[0-2]")
battleship_cli_test("simulate: Park Table 4, hunt and target against the Figure 8 layout averages 77.8" HEAVY
  ARGS simulate --strategy hunt-target --preset park --defense park-figure8 --games 200000 --seed 1 --quiet
  STDOUT "\nmean +(77\\.[5-9]|78\\.[0-2])")
# Park Table 3: the exact density attack averages 46.1 over his 100 games;
# 20 games here (a standard error of about 1.7 shots).
battleship_cli_test("simulate: Park Table 3, the exact density attack averages about 46.1" HEAVY
  ARGS simulate --strategy exact-greedy --preset park --games 20 --seed 1 --quiet
  STDOUT "\nmean +4[3-9]\\.")

# Two outputs naming one file: the later write replaced the earlier with exit
# status 0 (the --save part lost to the book or the picture).
battleship_cli_test("error: evaluate --save and --histogram naming one file" USAGE
  ARGS evaluate --strategy row-scan ${small6} --save ${CMAKE_CURRENT_BINARY_DIR}/cli_test_one_output
       --histogram ${CMAKE_CURRENT_BINARY_DIR}/cli_test_one_output STDERR "name the same file")
battleship_cli_test("error: evaluate --save and --book naming one file" USAGE
  ARGS evaluate --strategy exact-greedy --grid 4x4 --fleet 2 --threads 1 --save ${CMAKE_CURRENT_BINARY_DIR}/cli_test_one_output_book
       --book ${CMAKE_CURRENT_BINARY_DIR}/cli_test_one_output_book STDERR "name the same file")
# The command line's mistakes are exit status 2 whatever a file holds
# (docs/cli.md, "Errors"): the file was read first, and its error (1) won.
battleship_cli_test("error: count --time-limit with a brute-force method, whatever the board holds" USAGE
  ARGS count --grid 3x3 --fleet 2 --method bitset --time-limit 1 --board ${battleship_cli_testdata}/bad_char.txt
  STDERR "cannot be stopped")
battleship_cli_test("error: density --seed with the per-ship model, whatever the board holds" USAGE
  ARGS density --grid 3x3 --fleet 2 --model per-ship --seed 3 --board ${battleship_cli_testdata}/bad_char.txt
  STDERR "draws nothing")
battleship_cli_test("error: evaluate --shard out of range, whatever --merge holds" USAGE
  ARGS evaluate --strategy row-scan ${small6} --shard 5/2 --merge ${battleship_cli_testdata}/shots_6x6.txt
  STDERR "is not of the form i/n")
battleship_cli_test("error: simulate --histogram with --search-climbs, whatever --book holds" USAGE
  ARGS simulate --strategy exact-greedy ${small6} --search-climbs 1 --histogram ${CMAKE_CURRENT_BINARY_DIR}/cli_test_search.svg
       --book ${battleship_cli_testdata}/shots_6x6.txt STDERR "not --search-climbs")
# Whole numbers of a saved evaluation read as int: 4294967298 shards were
# taken for 2, and a length of 1e300 was undefined behaviour (read as -2147483648).
battleship_cli_test("error: evaluate --merge of a shard_count past what an int holds" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_shard_count_past_int.json STDERR "shard_count is 4294967298")
battleship_cli_test("error: evaluate --merge of a ship length of 1e300" FAIL
  ARGS evaluate --merge ${battleship_cli_testdata}/merge_length_1e300.json STDERR "a ship's length is 1e\\+300")
