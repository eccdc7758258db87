// fuzz_results: results files (`soloist sim --results`), which `soloist merge` and `soloist
// report` read from shards run on other machines, by anyone.
//
// Each input is one to four files, separated by a line "--8<--". merge and report refusing
// them (GameError, UsageError) is a normal outcome. Findings, besides a crash or a sanitizer
// report: any other exception; merge accepting the files in one order and not the other, or
// printing other figures (the order of shards must not matter); report refusing what merge
// accepted; a report page in which the data could end its script (more than the page's own
// three "</script>").

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/report.hpp"
#include "cli/results.hpp"
#include "domain/diagnostics.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace soloist;

struct Outcome {
    bool accepted = false;
    int code = 0;
    std::string text;
};

// Where merge writes failed games' answers: in the process's own scratch folder; each input's
// files replace the last's.
const std::filesystem::path& failures_folder() {
    static const std::filesystem::path folder = fuzz::scratch_dir() / "failures";
    return folder;
}

Outcome merge(const std::vector<std::filesystem::path>& files) {
    std::ostringstream out;
    try {
        const int code = cli::merge_results(files, failures_folder(), out);
        return {true, code, out.str()};
    } catch (const GameError& e) {
        return {false, 0, e.what()};
    } catch (const UsageError& e) {
        return {false, 0, e.what()};
    } catch (const std::exception& e) {
        fuzz::fail(std::string("merge threw an unexpected exception: ") + e.what());
    }
}

// The results files, kept in memory (memfd_create) and named by /proc/self/fd/N: merge and
// report open, check and read them by that name as they would any file, while a file on disk
// would cost every input an open, a truncation and a close in the file system.
struct MemoryFiles {
    int fds[4] = {-1, -1, -1, -1};

    MemoryFiles() {
        for (int& fd : fds)
            if ((fd = ::memfd_create("results.jsonl", MFD_CLOEXEC)) < 0) fuzz::fail("memfd_create failed");
    }
    // File `n` holds `text` (and nothing more); its name.
    std::filesystem::path write(std::size_t n, std::string_view text) const {
        const int fd = fds[n];
        if (::ftruncate(fd, static_cast<off_t>(text.size())) != 0 ||
            ::pwrite(fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size()))
            fuzz::fail("cannot write a results file in memory");
        return "/proc/self/fd/" + std::to_string(fd);
    }
};

std::size_t count(std::string_view text, std::string_view what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static MemoryFiles memory;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::vector<std::filesystem::path> files;
    std::size_t start = 0;
    while (files.size() < 4) {
        const std::size_t cut = input.find("\n--8<--\n", start);
        files.push_back(memory.write(files.size(), input.substr(start, cut == std::string_view::npos ? std::string_view::npos : cut + 1 - start)));
        if (cut == std::string_view::npos) break;
        start = cut + 8;
    }

    const Outcome forward = merge(files);
    const std::vector<std::filesystem::path> reversed(files.rbegin(), files.rend());
    const Outcome backward = merge(reversed);
    if (forward.accepted != backward.accepted || forward.code != backward.code ||
        (forward.accepted && forward.text != backward.text))
        fuzz::fail("merge depends on the order of its files:\n--- in order\n" + forward.text + "\n--- reversed\n" + backward.text);
    if (!forward.accepted) return 0;

    try {
        const std::string page = cli::report_page(cli::report_data(files));
        if (count(page, "</script") != 3) fuzz::fail("the report's data can end its script: " + std::to_string(count(page, "</script")) + " </script");
        if (count(page, "<!--") != 0) fuzz::fail("the report's page holds a <!--");
    } catch (const std::exception& e) {
        fuzz::fail(std::string("report refused what merge accepted: ") + e.what());
    }
    return 0;
}
