#pragma once
// The balance report's page (report/: the HTML frame, its script and style) and d3, built
// into the binary so `soloist report` writes one file that opens anywhere with no network.
#include <cstddef>
#include <string_view>

namespace soloist::cli {

struct PageFile {
    const char* path;  // "/<name>"
    const char* type;
    std::string_view body;
};

extern const PageFile report_files[];
extern const std::size_t report_files_count;

}  // namespace soloist::cli
