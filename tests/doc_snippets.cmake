# The C++ in the documentation compiles: every ```cpp block of a Markdown
# file is built, so that a renamed function or a fragment that uses a name it
# never declares fails the build instead of a reader.
#
# - A block with `int main(` is a program: it is built and run as the test
#   "doc: <file>:<line>". When the documentation shows its output right after
#   it (a plain ``` block, or a sentence starting "It prints `...`"), the test
#   passes only on that output, exactly.
# - Any other block is a fragment, compiled (never run) as the body of a
#   function, with <battleship/solver.hpp>, the standard headers it may use
#   and `using namespace battleship;` around it.
# - An HTML comment on the line before the fence changes that:
#   `<!-- doc-test: namespace -->` compiles the block at namespace scope (type
#   and function definitions), `<!-- doc-test: skip -->` leaves it out
#   (signature sketches, files the build compiles anyway); a reason may follow
#   the word, as in `<!-- doc-test: skip (a signature sketch) -->`.
#
# `#line` directives point the compiler's messages at the Markdown file.

function(battleship_doc_snippets markdown)
  get_filename_component(file_name "${markdown}" NAME)
  # Targets are named by the file's path in the project (README.md and
  # docs/README.md apart, spaces and dots made identifiers).
  file(RELATIVE_PATH relative "${PROJECT_SOURCE_DIR}" "${markdown}")
  string(MAKE_C_IDENTIFIER "${relative}" stem)
  string(TOLOWER "${stem}" stem)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${markdown}")
  file(READ "${markdown}" text)
  set(out_dir "${CMAKE_CURRENT_BINARY_DIR}/doc_snippets")
  string(CONCAT prelude "#include <battleship/solver.hpp>\n#include <cstdint>\n#include <iostream>\n"
                "#include <memory>\n#include <random>\n#include <stop_token>\n#include <vector>\n")
  set(fragments "// Generated from ${markdown} by tests/doc_snippets.cmake.\n${prelude}")
  set(fragment_count 0)
  set(block_count 0)
  set(consumed 0)  # characters of `text` before `rest`
  set(rest "${text}")
  while(TRUE)
    string(FIND "${rest}" "```cpp\n" open)
    if(open EQUAL -1)
      break()
    endif()
    string(SUBSTRING "${rest}" 0 ${open} before)
    math(EXPR body_start "${open} + 7")
    string(SUBSTRING "${rest}" ${body_start} -1 rest)
    # The closing fence starts a line; searched for after a newline put in
    # front, so that an empty block ends at once instead of at the next fence.
    string(FIND "\n${rest}" "\n```" close)
    if(close EQUAL -1)
      message(FATAL_ERROR "${markdown}: a ```cpp block is never closed")
    endif()
    string(SUBSTRING "${rest}" 0 ${close} body)
    math(EXPR after_close "${close} + 3")
    string(SUBSTRING "${rest}" ${after_close} -1 rest)

    # The block's first line, counted from the top of the file.
    math(EXPR consumed "${consumed} + ${body_start}")
    string(SUBSTRING "${text}" 0 ${consumed} head)
    string(REGEX MATCHALL "\n" newlines "${head}")
    list(LENGTH newlines line)
    math(EXPR line "${line} + 1")
    math(EXPR consumed "${consumed} + ${after_close}")

    math(EXPR block_count "${block_count} + 1")
    set(mode fragment)
    if(before MATCHES "<!-- doc-test: (skip|namespace)[^\n]*-->[ \t]*\n[ \t]*$")
      set(mode ${CMAKE_MATCH_1})
    elseif(body MATCHES "int main\\(")
      set(mode program)
    endif()

    if(mode STREQUAL "program")
      set(name "doc_${stem}_line_${line}")
      set(source "${out_dir}/${name}.cpp")
      file(WRITE "${source}.new" "#line ${line} \"${markdown}\"\n${body}")
      configure_file("${source}.new" "${source}" COPYONLY)
      add_executable(${name} "${source}")
      target_link_libraries(${name} PRIVATE battleship_dev)
      # The output the documentation shows for it, if it shows one.
      set(shown "")
      string(REGEX MATCH "^[ \t\n]*" gap "${rest}")
      string(LENGTH "${gap}" gap_length)
      string(SUBSTRING "${rest}" ${gap_length} -1 next)
      if(next MATCHES "^```\n")  # a plain block: the output, backticks and all
        string(SUBSTRING "${next}" 4 -1 next)
        string(FIND "\n${next}" "\n```" end)
        if(NOT end EQUAL -1)
          string(SUBSTRING "${next}" 0 ${end} shown)
        endif()
      elseif(next MATCHES "^It prints `([^`]*)`")
        set(shown "${CMAKE_MATCH_1}\n")
      endif()
      file(WRITE "${out_dir}/${name}.expected.new" "${shown}")
      configure_file("${out_dir}/${name}.expected.new" "${out_dir}/${name}.expected" COPYONLY)
      add_test(NAME "doc: ${file_name}:${line}"
               COMMAND ${CMAKE_COMMAND} -DPROGRAM=$<TARGET_FILE:${name}> -DEXPECTED=${out_dir}/${name}.expected
                       -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/doc_output_check.cmake)
      set_tests_properties("doc: ${file_name}:${line}" PROPERTIES LABELS doc TIMEOUT 120)
    elseif(mode STREQUAL "namespace")
      string(APPEND fragments "namespace doc_line_${line} {\nusing namespace battleship;\n"
                              "#line ${line} \"${markdown}\"\n${body}}\n")
      math(EXPR fragment_count "${fragment_count} + 1")
    elseif(mode STREQUAL "fragment")
      string(APPEND fragments "namespace doc_line_${line} {\nusing namespace battleship;\n"
                              "[[maybe_unused]] void snippet() {\n#line ${line} \"${markdown}\"\n${body}}\n}\n")
      math(EXPR fragment_count "${fragment_count} + 1")
    endif()
  endwhile()

  if(block_count EQUAL 0)
    message(WARNING "${markdown}: no ```cpp block to compile")
  endif()
  if(fragment_count GREATER 0)
    set(source "${out_dir}/doc_${stem}_fragments.cpp")
    file(WRITE "${source}.new" "${fragments}")
    configure_file("${source}.new" "${source}" COPYONLY)
    add_library(doc_${stem}_fragments OBJECT "${source}")
    target_link_libraries(doc_${stem}_fragments PRIVATE battleship_dev)
  endif()
endfunction()
