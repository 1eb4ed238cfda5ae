# cmake -DMODE=readme -DSOURCE_DIR=... -DCONSUMER_DIR=... -P run_consumer.cmake
# cmake -DMODE=install|subdirectory -DSOURCE_DIR=... -DBUILD_DIR=... -DWORK_DIR=...
#       -DCONSUMER_DIR=... -DGENERATOR=... -DMAKE_PROGRAM=... -DCXX_COMPILER=... [-DPASSES_ONCE=ON]
#       -P run_consumer.cmake
if(MODE STREQUAL "readme")
  file(READ ${SOURCE_DIR}/README.md readme)
  file(READ ${CONSUMER_DIR}/main.cpp program)
  string(FIND "${readme}" "```cpp\n" start)
  if(start EQUAL -1)
    message(FATAL_ERROR "README.md has no C++ example")
  endif()
  math(EXPR start "${start} + 7")
  string(SUBSTRING "${readme}" ${start} -1 rest)
  string(FIND "${rest}" "```" end)
  string(SUBSTRING "${rest}" 0 ${end} example)
  string(FIND "${program}" "${example}" found)
  if(found EQUAL -1)
    message(FATAL_ERROR "the README's example differs from ${CONSUMER_DIR}/main.cpp:\n${example}")
  endif()
  return()
endif()

file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " shown "${ARGN}")
    message(FATAL_ERROR "failed (${status}): ${shown}\n${out}\n${err}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

set(configure ${CMAKE_COMMAND} -S ${CONSUMER_DIR} -B ${WORK_DIR}/build -G ${GENERATOR}
    -DCMAKE_CXX_COMPILER=${CXX_COMPILER} -DCMAKE_BUILD_TYPE=Debug)
if(MAKE_PROGRAM)
  list(APPEND configure -DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM})
endif()

if(MODE STREQUAL "install")
  set(prefix ${WORK_DIR}/prefix)
  run(${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${prefix})
  if(NOT EXISTS ${prefix}/include/battleship/solver.hpp)
    message(FATAL_ERROR "the staged install holds no include/battleship/solver.hpp")
  endif()
  # A consumer whose CMake predates file sets (3.22, Ubuntu 22.04's) skips
  # the part of the targets file that declares them: the include directory
  # must be stated outside it, or such a consumer finds the package and no
  # headers.
  file(GLOB_RECURSE targets_files ${prefix}/*/battleship-targets.cmake)
  if(NOT targets_files)
    message(FATAL_ERROR "the staged install holds no battleship-targets.cmake")
  endif()
  list(GET targets_files 0 targets_file)
  file(READ ${targets_file} targets)
  if(NOT targets MATCHES "INTERFACE_INCLUDE_DIRECTORIES \"[$]{_IMPORT_PREFIX}/include\"")
    message(FATAL_ERROR "${targets_file} gives the include directory only through file sets, which CMake before 3.23 does not read")
  endif()
  # Only the staged prefix may satisfy find_package (not the source or build tree).
  list(APPEND configure -DCMAKE_PREFIX_PATH=${prefix} -DEXPECTED_PREFIX=${prefix}
       -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DPASSES_ONCE=${PASSES_ONCE})
elseif(MODE STREQUAL "subdirectory")
  list(APPEND configure -DBATTLESHIP_SOURCE_DIR=${SOURCE_DIR} -DBATTLESHIP_INSTALL=OFF)
else()
  message(FATAL_ERROR "MODE must be install or subdirectory")
endif()

run(${configure})
run(${CMAKE_COMMAND} --build ${WORK_DIR}/build)
set(programs consumer)
if(MODE STREQUAL "install" AND PASSES_ONCE)
  list(APPEND programs consumer_passes_once)  # see project/CMakeLists.txt
endif()
foreach(program IN LISTS programs)
  run(${WORK_DIR}/build/${program})
  message("${last_output}")
  if(NOT last_output MATCHES "layouts agree")
    message(FATAL_ERROR "unexpected output from ${program}")
  endif()
endforeach()
# Under add_subdirectory with BATTLESHIP_INSTALL off, the library adds
# nothing to its parent's install.
if(MODE STREQUAL "subdirectory")
  run(${CMAKE_COMMAND} --install ${WORK_DIR}/build --prefix ${WORK_DIR}/installed)
  if(EXISTS ${WORK_DIR}/installed/include/battleship)
    message(FATAL_ERROR "the parent project's install installed the library's headers")
  endif()
endif()
message("consumer ok (${MODE})")
