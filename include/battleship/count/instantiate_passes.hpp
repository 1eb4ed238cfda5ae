#pragma once
// The definitions <battleship/count/extern_passes.hpp> declares: include
// this header in exactly one .cpp file of a program that includes that one
// everywhere else. That file then compiles every pass and reset() (50-80 s
// at -O3 on the project's machine, once); the others skip them.

#include <cstdint>
#include <vector>

#include <battleship/count/extern_passes.hpp>

namespace battleship::detail {

template count_type profile_dp<std::uint64_t>::forward<value_passes::up_to_128_bits>(keep_tables);
template count_type profile_dp<std::uint64_t>::forward<value_passes::up_to_64_bits>(keep_tables);
template count_type profile_dp<std::uint64_t>::forward<value_passes::lanes_only>(keep_tables);
template void profile_dp<std::uint64_t>::backward<value_passes::up_to_128_bits>(std::vector<count_type>*, bool);
template void profile_dp<std::uint64_t>::backward<value_passes::up_to_64_bits>(std::vector<count_type>*, bool);
template void profile_dp<std::uint64_t>::backward<value_passes::lanes_only>(std::vector<count_type>*, bool);
template count_type profile_dp<wide_key>::forward<value_passes::up_to_128_bits>(keep_tables);
template count_type profile_dp<wide_key>::forward<value_passes::up_to_64_bits>(keep_tables);
template void profile_dp<wide_key>::backward<value_passes::up_to_128_bits>(std::vector<count_type>*, bool);
template void profile_dp<wide_key>::backward<value_passes::up_to_64_bits>(std::vector<count_type>*, bool);

template void profile_dp<std::uint64_t>::reset(profile_problem);
template void profile_dp<wide_key>::reset(profile_problem);

template void profile_dp<std::uint64_t>::step_segment<std::uint64_t>(int, int, const std::vector<int>&);
template void profile_dp<std::uint64_t>::step_segment<count_type>(int, int, const std::vector<int>&);
template void profile_dp<std::uint64_t>::backward_segment<std::uint64_t>(int, int, const std::vector<int>&);
template void profile_dp<std::uint64_t>::backward_segment<count_type>(int, int, const std::vector<int>&);
template void profile_dp<wide_key>::step_segment<std::uint64_t>(int, int, const std::vector<int>&);
template void profile_dp<wide_key>::step_segment<count_type>(int, int, const std::vector<int>&);
template void profile_dp<wide_key>::backward_segment<std::uint64_t>(int, int, const std::vector<int>&);
template void profile_dp<wide_key>::backward_segment<count_type>(int, int, const std::vector<int>&);

}  // namespace battleship::detail
