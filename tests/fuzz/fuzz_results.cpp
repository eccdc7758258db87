// fuzz_results: results files (`soloist sim --results`), which `soloist merge` and `soloist
// report` read from shards run on other machines, by anyone.
//
// Each input is one to four files, separated by a line "--8<--". merge and report refusing
// them (GameError, UsageError) is a normal outcome. Findings, besides a crash or a sanitizer
// report: any other exception; merge accepting the files in one order and not the other, or
// printing other figures (the order of shards must not matter); report refusing what merge
// accepted; a report page in which the data could end its script (more than the page's own
// three "</script>").

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

Outcome merge(const std::vector<std::filesystem::path>& files) {
    std::ostringstream out;
    try {
        const int code = cli::merge_results(files, out);
        return {true, code, out.str()};
    } catch (const GameError& e) {
        return {false, 0, e.what()};
    } catch (const UsageError& e) {
        return {false, 0, e.what()};
    } catch (const std::exception& e) {
        fuzz::fail(std::string("merge threw an unexpected exception: ") + e.what());
    }
}

std::size_t count(std::string_view text, std::string_view what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    std::vector<std::filesystem::path> files;
    std::size_t start = 0;
    while (files.size() < 4) {
        const std::size_t cut = input.find("\n--8<--\n", start);
        const auto file = fuzz::scratch_dir() / ("results-" + std::to_string(files.size()) + ".jsonl");
        fuzz::write_text(file, input.substr(start, cut == std::string_view::npos ? std::string_view::npos : cut + 1 - start));
        files.push_back(file);
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
