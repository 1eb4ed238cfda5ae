// The one copy of the exact counter's passes for the project's own programs
// (see battleship_passes in CMakeLists.txt).
#include <battleship/count/instantiate_passes.hpp>
