// Runs a fuzz target over saved inputs, without libFuzzer: every file named
// on the command line, and every file in each directory named. ctest runs it
// over the committed corpus in every build (tests/fuzz/CMakeLists.txt), so
// the inputs a fuzzing session found interesting keep being checked, under
// the dev preset's sanitizers too.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// Names the input before running it: when a property breaks, the target
// aborts, and the last name printed is the input that broke it.
void run_file(const std::filesystem::path& path) {
  std::printf("%s\n", path.c_str());
  std::fflush(stdout);
  std::ifstream in(path, std::ios::binary);
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t files = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path arg(argv[i]);
    if (std::filesystem::is_directory(arg)) {
      std::vector<std::filesystem::path> paths;
      for (const auto& entry : std::filesystem::directory_iterator(arg))
        if (entry.is_regular_file()) paths.push_back(entry.path());
      std::sort(paths.begin(), paths.end());
      for (const auto& p : paths) run_file(p);
      files += paths.size();
    } else if (std::filesystem::is_regular_file(arg)) {
      run_file(arg);
      ++files;
    } else {
      std::fprintf(stderr, "replay: no file or directory '%s'\n", argv[i]);
      return 2;
    }
  }
  if (files == 0) {
    std::fprintf(stderr, "replay: no input files\n");
    return 2;
  }
  std::printf("replay: %zu inputs, every property held\n", files);
  return 0;
}
