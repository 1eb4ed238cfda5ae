#pragma once
// Compile the exact counter's passes once per program instead of once per
// file.
//
// Every file that counts (exact_counter, exact_sampler, exact_density,
// monte_carlo_density, the exact-greedy strategies) instantiates the
// broken-profile programme's forward and backward passes, and they are most
// of what such a file costs to compile: about 55 s at -O3 with dynamic_rules,
// against 7.5 s with this header (docs/RESULTS.md, "Build cost"). The passes
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
// widths, with or without the 128-bit value passes, and the lanes' passes
// alone (exact_counter picks per ruleset: may_need_wide_values,
// may_need_scalar_values). Lanes alone come only with 64-bit keys and values
// (may_need_scalar_values is true whenever a wide key or wide values may be
// needed), so forward<true, false> and the wide key's <*, false> are never
// asked for. A combination missing here is still compiled where it is used.
extern template count_type profile_dp<std::uint64_t>::forward<true, true>(keep_tables);
extern template count_type profile_dp<std::uint64_t>::forward<false, true>(keep_tables);
extern template count_type profile_dp<std::uint64_t>::forward<false, false>(keep_tables);
extern template void profile_dp<std::uint64_t>::backward<true, true>(std::vector<count_type>*, bool);
extern template void profile_dp<std::uint64_t>::backward<false, true>(std::vector<count_type>*, bool);
extern template void profile_dp<std::uint64_t>::backward<false, false>(std::vector<count_type>*, bool);
extern template count_type profile_dp<wide_key>::forward<true, true>(keep_tables);
extern template count_type profile_dp<wide_key>::forward<false, true>(keep_tables);
extern template void profile_dp<wide_key>::backward<true, true>(std::vector<count_type>*, bool);
extern template void profile_dp<wide_key>::backward<false, true>(std::vector<count_type>*, bool);

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
