// The CSV / JSON schema of csp ablate: header fields, one row per (instance, configuration), columns; checksums.
#include "csp/ablation/report.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

namespace csp::ablation {
namespace {

using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

// 2 instances (one with a comma in its name) x 3 configurations, and one invalid instance.
Study sample_study() {
  Study s;
  s.model = "sudoku";
  s.header.version = "9.9.9";
  s.header.commit = "0123abcd";
  s.header.date = "2024-01-01T00:00:00Z";
  s.header.command = {"csp", "ablate", "sudoku", "in.txt", "--var", "first,mrv"};
  s.header.options = {{"model", "sudoku"}, {"var", {"first", "mrv"}}};
  s.header.seed = 42;
  s.header.inputs = {{"in.txt", 164, "00112233aabbccdd"}};
  s.header.invalid = {{"in.txt:3", "80 cells"}};
  Instance a;
  a.group = "in.txt";
  a.name = "in.txt:1";
  a.number = 1;
  Instance b = a;
  b.name = "in,txt:2";
  b.number = 2;
  Instance bad = a;
  bad.name = "in.txt:3";
  bad.number = 3;
  bad.error = "80 cells";
  s.instances = {a, b, bad};
  GridSpec grid;
  grid.var = {"first", "mrv"};
  grid.inference = {"none", "mac"};
  s.configs = expand_grid(grid);
  s.configs.pop_back();  // 3 configurations
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t c = 0; c < s.configs.size(); ++c) {
      RunRecord r;
      r.instance = i;
      r.config = c;
      r.status = c == 0 && i == 1 ? RunStatus::timeout : RunStatus::solved;
      r.stats.assignments = 10 * i + c;
      r.stats.elapsed_us = 7;
      s.records.push_back(r);
    }
  return s;
}

// Splits one CSV line (quotes as written by write_csv).
std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        out.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

TEST(AblationCsv, HeaderRecordThenColumnsThenOneRowPerPair) {
  const Study s = sample_study();
  std::ostringstream out;
  write_csv(out, s);
  std::istringstream in(out.str());
  std::string line;
  std::map<std::string, std::vector<std::string>> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> columns;
  while (std::getline(in, line)) {
    if (line.rfind("# ", 0) == 0) {
      ASSERT_TRUE(columns.empty()) << "header lines come first";
      const std::size_t colon = line.find(": ");
      ASSERT_NE(colon, std::string::npos) << line;
      header[line.substr(2, colon - 2)].push_back(line.substr(colon + 2));
    } else if (columns.empty()) {
      columns = split_csv(line);
    } else {
      rows.push_back(split_csv(line));
    }
  }
  EXPECT_EQ(header["schema"], std::vector<std::string>{"csp-ablate/1"});
  EXPECT_EQ(header["version"], std::vector<std::string>{"9.9.9"});
  EXPECT_EQ(header["commit"], std::vector<std::string>{"0123abcd"});
  EXPECT_EQ(header["seed"], std::vector<std::string>{"42"});
  EXPECT_EQ(header["model"], std::vector<std::string>{"sudoku"});
  EXPECT_EQ(header["command"], std::vector<std::string>{"csp ablate sudoku in.txt --var first,mrv"});
  EXPECT_EQ(nlohmann::json::parse(header["options"].at(0)), nlohmann::json(s.header.options));
  EXPECT_EQ(header["input"], std::vector<std::string>{"in.txt bytes=164 fnv1a64=00112233aabbccdd"});
  EXPECT_EQ(header["invalid"], std::vector<std::string>{"in.txt:3: 80 cells"});
  EXPECT_EQ(header.count("date"), 1U);

  EXPECT_THAT(columns, ElementsAreArray(csv_columns()));
  EXPECT_THAT(
      columns,
      ElementsAreArray(
          {"group",     "instance",      "number",   "var",         "val",        "inference",     "alldiff",
           "ac3",       "status",        "detail",   "assignments", "backtracks", "failures",      "constraint_checks",
           "revisions", "values_pruned", "wipeouts", "backjumps",   "nogoods",    "restart_count", "max_depth",
           "us"}));
  ASSERT_EQ(rows.size(), 6U);  // 2 valid instances x 3 configurations; the invalid one has no row
  for (const auto& row : rows) ASSERT_EQ(row.size(), columns.size());
  EXPECT_EQ(rows[3][1], "in,txt:2");  // quoted, read back whole
  EXPECT_EQ(rows[3][8], "timeout");
  EXPECT_EQ(rows[5][3], "mrv");
  EXPECT_EQ(rows[5][5], "none");
  EXPECT_EQ(rows[5][10], "12");
}

TEST(AblationJson, HeaderRowsAndSummary) {
  const Study s = sample_study();
  const std::vector<Summary> summaries = summarize(s.records, s.instances, s.configs.size());
  const nlohmann::ordered_json j = to_json(s, summaries);
  EXPECT_EQ(j["schema"], "csp-ablate/1");
  const auto& h = j["header"];
  for (const char* key : {"program", "version", "commit", "date", "command", "model", "options", "seed", "inputs",
                          "invalid", "instances", "configurations"})
    EXPECT_TRUE(h.contains(key)) << key;
  EXPECT_EQ(h["version"], "9.9.9");
  EXPECT_EQ(h["seed"], 42);
  EXPECT_EQ(h["inputs"][0]["fnv1a64"], "00112233aabbccdd");
  EXPECT_EQ(h["inputs"][0]["bytes"], 164);
  EXPECT_EQ(h["invalid"][0]["instance"], "in.txt:3");
  EXPECT_EQ(h["instances"], 2);
  EXPECT_EQ(h["configurations"], 3);
  ASSERT_EQ(j["rows"].size(), 6U);
  for (const auto& row : j["rows"]) {
    std::vector<std::string> keys;
    for (const auto& [k, v] : row.items()) keys.push_back(k);
    EXPECT_EQ(keys, csv_columns());
  }
  EXPECT_EQ(j["rows"][5]["assignments"], 12);
  ASSERT_EQ(j["summary"].size(), 3U);
  const auto& first = j["summary"][0];
  EXPECT_EQ(first["instances"], 2);
  EXPECT_EQ(first["timeouts"], 1);
  EXPECT_EQ(first["disqualified"], true);
  EXPECT_DOUBLE_EQ(first["assignments"]["mean"].get<double>(), 5.0);
  EXPECT_DOUBLE_EQ(first["assignments"]["max"].get<double>(), 10.0);

  // write_json prints the same document (rows on one line each).
  std::ostringstream out;
  write_json(out, s, summaries);
  EXPECT_EQ(nlohmann::ordered_json::parse(out.str()), j);
}

TEST(AblationChecksum, Fnv1a64KnownValuesAndFiles) {
  EXPECT_EQ(hex64(fnv1a64("")), "cbf29ce484222325");
  EXPECT_EQ(hex64(fnv1a64("a")), "af63dc4c8601ec8c");
  EXPECT_EQ(hex64(fnv1a64("foobar")), "85944171f73967e8");
  const std::string path = ::testing::TempDir() + "ablation_checksum.txt";
  {
    std::ofstream f(path, std::ios::binary);
    f << "foobar";
  }
  const InputFile in = describe_input(path);
  EXPECT_EQ(in.bytes, 6U);
  EXPECT_EQ(in.fnv1a64, "85944171f73967e8");
  std::remove(path.c_str());
  EXPECT_THROW(describe_input(path), InputError);
}

TEST(AblationTable, ShowsVaryingDimensionsAndDisqualification) {
  const Study s = sample_study();
  const std::vector<Summary> summaries = summarize(s.records, s.instances, s.configs.size());
  std::ostringstream out;
  write_table(out, s, summaries, {});
  const std::string t = out.str();
  EXPECT_THAT(t, HasSubstr("fixed: val=natural alldiff=binary ac3=off"));
  EXPECT_THAT(t, HasSubstr("in.txt: 2 instances (1 invalid, excluded)"));
  EXPECT_THAT(t, HasSubstr("DISQUALIFIED: 1 timeout"));
  EXPECT_THAT(t, HasSubstr("inference"));
}

}  // namespace
}  // namespace csp::ablation
