# Runs a program from the documentation (tests/doc_snippets.cmake) and, when
# the documentation shows its output (the file EXPECTED is not empty),
# compares the two exactly. cmake -DPROGRAM=... -DEXPECTED=... -P this file.
execute_process(COMMAND "${PROGRAM}" OUTPUT_VARIABLE printed RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${status}")
endif()
file(READ "${EXPECTED}" documented)
if(NOT documented STREQUAL "" AND NOT printed STREQUAL documented)
  message(FATAL_ERROR "the program printed\n${printed}\nbut the documentation shows\n${documented}")
endif()
