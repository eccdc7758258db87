#pragma once
// The companion page's files (page/), built into the binary so it serves them from anywhere,
// with no network: index.html at "/", the others at "/<name>".
#include <cstddef>
#include <string_view>

namespace soloist::companion {

struct PageFile {
    const char* path;
    const char* type;
    std::string_view body;
};

extern const PageFile page_files[];
extern const std::size_t page_files_count;

}  // namespace soloist::companion
