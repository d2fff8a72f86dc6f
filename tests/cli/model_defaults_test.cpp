// Each model's default run is declared once, by its catalogue entry (CatalogEntry::defaults, csp/models/catalog.hpp),
// and every reader of it uses that declaration: read here from the catalogue itself, then compared with what the csp
// program (CSP_PROGRAM) shows and runs. `csp COMMAND --help` shows the entry's --var, --val, --inference, --restarts
// and --alldiff (queens: its --formulation), `csp ablate --help` lists each model's default, `csp ablate MODEL`'s
// baseline (the values of the dimensions a study does not vary) is the entry's default, and csp fzn shows the engine's
// generic default, ModelDefaults{}.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "csp/models/catalog.hpp"

namespace csp::models {
namespace {

namespace fs = std::filesystem;

// The standard output of `csp ARGS` (its standard error dropped).
std::string csp(const std::string& args) {
  const std::string command = std::string("'") + CSP_PROGRAM + "' " + args + " 2>/dev/null";
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return "";
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  ::pclose(pipe);
  return out;
}

// The default a --help text shows for --OPTION ("  --var NAME (=mrv)  ..."), "" when it shows none.
// Plain string search: GCC 12's std::regex trips -Werror=maybe-uninitialized in the sanitizer builds.
std::string shown_default(const std::string& help, const std::string& option) {
  const std::string prefix = "  --" + option + " ";
  std::istringstream in(help);
  for (std::string l; std::getline(in, l);) {
    if (l.rfind(prefix, 0) != 0) continue;
    std::size_t i = prefix.size();
    const std::size_t word = i;
    while (i < l.size() && std::isupper(static_cast<unsigned char>(l[i])) != 0) ++i;
    if (i == word || l.compare(i, 3, " (=") != 0) continue;
    const std::size_t close = l.find(')', i + 3);
    if (close != std::string::npos) return l.substr(i + 3, close - i - 3);
  }
  return "";
}

// The command that solves entry `name` (the colourings share csp color).
std::string command_of(const std::string& name) {
  return name == "australia" || name == "usa" || name == "graph" ? "color" : name;
}

// A scratch folder with the inputs the file-taking models need, removed at the end.
class Inputs {
 public:
  Inputs() : dir_(fs::temp_directory_path() / ("csp-model-defaults-" + std::to_string(::getpid()))) {
    fs::create_directories(dir_);
    std::ofstream(dir_ / "one.txt")
        << "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n";
    std::ofstream(dir_ / "triangle.col") << "p edge 3 3\ne 1 2\ne 2 3\ne 1 3\n";
  }
  ~Inputs() {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }
  Inputs(const Inputs&) = delete;
  Inputs& operator=(const Inputs&) = delete;

  // What `csp ablate NAME` takes to make one small instance.
  std::string of(const std::string& name) const {
    if (name == "sudoku") return (dir_ / "one.txt").string();
    if (name == "queens") return "--n 6";
    if (name == "graph") return (dir_ / "triangle.col").string() + " --colors 3";
    if (name == "killer") return std::string(CSP_PUZZLES_DIR) + "/killer_4x4.txt";
    return "";
  }
  fs::path csv(const std::string& name) const { return dir_ / (name + ".csv"); }

 private:
  fs::path dir_;
};

// The rows of a csp ablate CSV (after its '#' header lines) as column -> value, for the columns up to status: the
// instance, the dimensions and the status (a counter may share a dimension's name: restarts).
std::vector<std::map<std::string, std::string>> csv_rows(const fs::path& path) {
  std::ifstream in(path);
  std::vector<std::string> columns;
  std::vector<std::map<std::string, std::string>> rows;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> cells;
    std::istringstream fields(line);
    for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
    if (columns.empty()) {
      columns = cells;
      continue;
    }
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < columns.size() && i < cells.size() && row.count("status") == 0; ++i)
      row[columns[i]] = cells[i];
    rows.push_back(row);
  }
  return rows;
}

TEST(ModelDefaults, EveryCommandsHelpShowsItsEntrysDefault) {
  for (const CatalogEntry& e : catalog()) {
    const ModelDefaults& d = e.defaults;
    const std::string help = csp(command_of(e.name) + " --help");
    ASSERT_NE(help.find("Usage: csp " + command_of(e.name)), std::string::npos) << e.name;
    EXPECT_EQ(shown_default(help, "var"), d.variable_ordering) << e.name;
    EXPECT_EQ(shown_default(help, "val"), d.value_ordering) << e.name;
    EXPECT_EQ(shown_default(help, "inference"), d.inference) << e.name;
    EXPECT_EQ(shown_default(help, "restarts"), d.restarts) << e.name;
    if (e.name == "queens") {  // its all-different mode is its formulation
      EXPECT_EQ(shown_default(help, "formulation"), d.alldiff == AllDifferentMode::binary ? "binary" : "all-different");
    } else if (e.alldiff_modes.size() > 1) {
      EXPECT_EQ(shown_default(help, "alldiff"), to_string(d.alldiff)) << e.name;
    }
  }
}

TEST(ModelDefaults, CspFznShowsTheGenericDefault) {
  const ModelDefaults generic;
  const std::string help = csp("fzn --help");
  EXPECT_EQ(shown_default(help, "var"), generic.variable_ordering);
  EXPECT_EQ(shown_default(help, "val"), generic.value_ordering);
  EXPECT_EQ(shown_default(help, "inference"), generic.inference);
  EXPECT_EQ(shown_default(help, "restarts"), generic.restarts);
  EXPECT_EQ(shown_default(help, "alldiff"), to_string(generic.alldiff));
}

TEST(ModelDefaults, CspAblateListsEachModelsDefault) {
  const std::string help = csp("ablate --help");
  for (const CatalogEntry& e : catalog())
    EXPECT_NE(help.find("default: " + to_string(e.defaults)), std::string::npos) << e.name;
}

TEST(ModelDefaults, CspAblatesBaselineIsTheEntrysDefault) {
  const Inputs inputs;
  for (const CatalogEntry& e : catalog()) {
    const fs::path csv = inputs.csv(e.name);
    csp("ablate " + e.name + " " + inputs.of(e.name) + " --csv '" + csv.string() + "'");
    const auto rows = csv_rows(csv);
    ASSERT_FALSE(rows.empty()) << e.name << ": no rows in " << csv;
    for (const auto& row : rows) {
      EXPECT_EQ(row.at("var"), e.defaults.variable_ordering) << e.name;
      EXPECT_EQ(row.at("val"), e.defaults.value_ordering) << e.name;
      EXPECT_EQ(row.at("inference"), e.defaults.inference) << e.name;
      EXPECT_EQ(row.at("alldiff"), to_string(e.defaults.alldiff)) << e.name;
      // restarts: a column only when the model restarts by default
      EXPECT_EQ(row.count("restarts") != 0 ? row.at("restarts") : "none", e.defaults.restarts) << e.name;
      EXPECT_EQ(row.at("status"), "solved") << e.name;
    }
  }
  // A dimension the study varies takes its list; the others stay at the model's default.
  const CatalogEntry& queens = catalog_entry("queens");
  const fs::path csv = inputs.csv("queens-var");
  csp("ablate queens --n 6 --var first,mrv --csv '" + csv.string() + "'");
  const auto rows = csv_rows(csv);
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].at("var"), "first");
  EXPECT_EQ(rows[1].at("var"), "mrv");
  for (const auto& row : rows) EXPECT_EQ(row.at("inference"), queens.defaults.inference);
}

}  // namespace
}  // namespace csp::models
