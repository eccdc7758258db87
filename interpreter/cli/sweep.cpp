#include "cli/sweep.hpp"

#include <algorithm>

#include "domain/bot.hpp"
#include "domain/diagnostics.hpp"

namespace soloist::cli {

namespace {

std::vector<std::string> split_commas(const std::string& text) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (std::size_t comma; (comma = text.find(',', start)) != std::string::npos; start = comma + 1)
        parts.push_back(text.substr(start, comma - start));
    parts.push_back(text.substr(start));
    return parts;
}

const OptionSpec* spec_of(const Bot& bot, const std::string& id) {
    for (const auto& o : bot.options)
        if (o.id == id) return &o;
    return nullptr;  // resolve_options names the unknown option with its suggestions
}

// One swept option: its id and its values in the order given, each once.
struct Axis {
    std::string id;
    std::vector<std::string> values;
};

}  // namespace

std::vector<SimCell> sweep_cells(const Bot& bot, const GameRequest& request,
                                 const std::vector<std::filesystem::path>& compare_rules) {
    if (!compare_rules.empty() && !request.rules_file.empty())
        throw UsageError("--rules and --compare-rules together: --compare-rules plays the bot without house rules and "
                         "with each file given; name every file to compare with --compare-rules");
    std::vector<Axis> axes;
    for (const auto& given : request.options) {
        const auto eq = given.find('=');
        if (eq == std::string::npos || eq == 0) throw UsageError("--option expects id=value, got '" + given + "'");
        const std::string id = given.substr(0, eq), text = given.substr(eq + 1);
        const OptionSpec* spec = spec_of(bot, id);
        auto axis = std::find_if(axes.begin(), axes.end(), [&](const Axis& a) { return a.id == id; });
        if (axis == axes.end()) axis = axes.insert(axes.end(), Axis{id, {}});
        const auto values = spec && spec->type != "string" ? split_commas(text) : std::vector<std::string>{text};
        for (const auto& v : values) {
            if (std::find(axis->values.begin(), axis->values.end(), v) != axis->values.end())
                throw UsageError("--option " + id + "=" + v + " is given twice in the sweep");
            axis->values.push_back(v);
        }
    }
    std::size_t count = compare_rules.size() + 1;
    for (const auto& a : axes)
        if ((count *= a.values.size()) > kMaxCells)
            throw UsageError("the sweep makes more than " + std::to_string(kMaxCells) +
                             " cells (each option's values times each other's, times the house rules compared); "
                             "split it into several runs");

    std::vector<std::optional<HouseRules>> variants{std::nullopt};
    if (!request.rules_file.empty()) variants[0] = load_house_rules(request.rules_file);
    for (const auto& f : compare_rules) variants.push_back(load_house_rules(f));

    std::vector<SimCell> cells;
    std::vector<std::size_t> pick(axes.size(), 0);  // an odometer over the axes' values
    for (;;) {
        for (std::size_t r = 0; r < variants.size(); ++r) {
            SimCell cell;
            std::string label;
            for (std::size_t a = 0; a < axes.size(); ++a) {
                cell.option_args.push_back(axes[a].id + "=" + axes[a].values[pick[a]]);
                if (axes[a].values.size() > 1) label += (label.empty() ? "" : ", ") + cell.option_args.back();
            }
            if (!compare_rules.empty())
                label += (label.empty() ? "" : ", ") +
                         (r == 0 ? std::string("no house rules") : "rules " + compare_rules[r - 1].string());
            if (r > 0) cell.rules_file = compare_rules[r - 1];
            else cell.rules_file = request.rules_file;
            cell.rules = variants[r];
            cell.options = resolve_options(bot, cell.option_args, cell.rules ? cell.rules->options : nlohmann::json());
            cell.label = count > 1 ? label : "";
            cells.push_back(std::move(cell));
        }
        std::size_t a = axes.size();
        while (a > 0 && ++pick[a - 1] == axes[a - 1].values.size()) pick[--a] = 0;
        if (a == 0) break;
    }
    return cells;
}

}  // namespace soloist::cli
