#pragma once
// Compile the exact counter's passes once per program instead of once per
// file.
//
// Every file that counts (exact_counter, exact_sampler, exact_density,
// monte_carlo_density, the exact-greedy strategies) instantiates the
// broken-profile programme's forward and backward passes, and they are most
// of what such a file costs to compile: about 55 s at -O3 with dynamic_rules,
// against about 5 s with this header (docs/RESULTS.md, "Build cost"). The passes
// do not depend on the rules (a problem reaches them as run-time tables), so
// one copy serves every ruleset. To compile them once:
//   - include this header in every file of the program, before anything
//     counts (a forced include, -include battleship/count/extern_passes.hpp,
//     does it without touching the files);
//   - include <battleship/count/instantiate_passes.hpp> in exactly one .cpp
//     file of the program.
// A program that does neither instantiates the passes where it uses them,
// as before; one that declares them here and never instantiates them fails
// to link, naming members of profile_dp.

#include <cstdint>
#include <vector>

#include <battleship/count/detail/profile_dp.hpp>

namespace battleship::detail {

// Every combination exact_counter and exact_sampler ask for: both key
// widths, each with the value passes up to 128 or 64 bits, and the lanes'
// passes alone (exact_counter picks per ruleset: value_passes_for). Lanes
// alone come only with the 64-bit key (may_need_scalar_values() holds
// whenever a wide key may be needed), so the wide key's lanes_only is never
// asked for. A combination missing here is still compiled where it is used.
extern template count_type profile_dp<std::uint64_t>::forward<value_passes::up_to_128_bits>(keep_tables);
extern template count_type profile_dp<std::uint64_t>::forward<value_passes::up_to_64_bits>(keep_tables);
extern template count_type profile_dp<std::uint64_t>::forward<value_passes::lanes_only>(keep_tables);
extern template void profile_dp<std::uint64_t>::backward<value_passes::up_to_128_bits>(std::vector<count_type>*, bool);
extern template void profile_dp<std::uint64_t>::backward<value_passes::up_to_64_bits>(std::vector<count_type>*, bool);
extern template void profile_dp<std::uint64_t>::backward<value_passes::lanes_only>(std::vector<count_type>*, bool);
extern template count_type profile_dp<wide_key>::forward<value_passes::up_to_128_bits>(keep_tables);
extern template count_type profile_dp<wide_key>::forward<value_passes::up_to_64_bits>(keep_tables);
extern template void profile_dp<wide_key>::backward<value_passes::up_to_128_bits>(std::vector<count_type>*, bool);
extern template void profile_dp<wide_key>::backward<value_passes::up_to_64_bits>(std::vector<count_type>*, bool);

// Setting up a problem: its tables and checks (every counter and sampler).
extern template void profile_dp<std::uint64_t>::reset(profile_problem);
extern template void profile_dp<wide_key>::reset(profile_problem);

// The sampler's batches recompute the stretches between checkpoints with
// these (its draws themselves depend on the caller's generator, so they stay
// with the caller).
extern template void profile_dp<std::uint64_t>::step_segment<std::uint64_t>(int, int, const std::vector<int>&);
extern template void profile_dp<std::uint64_t>::step_segment<count_type>(int, int, const std::vector<int>&);
extern template void profile_dp<std::uint64_t>::backward_segment<std::uint64_t>(int, int, const std::vector<int>&);
extern template void profile_dp<std::uint64_t>::backward_segment<count_type>(int, int, const std::vector<int>&);
extern template void profile_dp<wide_key>::step_segment<std::uint64_t>(int, int, const std::vector<int>&);
extern template void profile_dp<wide_key>::step_segment<count_type>(int, int, const std::vector<int>&);
extern template void profile_dp<wide_key>::backward_segment<std::uint64_t>(int, int, const std::vector<int>&);
extern template void profile_dp<wide_key>::backward_segment<count_type>(int, int, const std::vector<int>&);

}  // namespace battleship::detail
