// The csp program's search options are derived from the engine's run options (csp/search/run_options.hpp): every
// row is a flag of the model commands (but those the program sets itself), --help lists a name row's valid names,
// and each flag takes the row's example value and refuses a bad one, naming the flag (CSP_PROGRAM).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <set>
#include <string>

#include <sys/wait.h>

#include "csp/search/run_options.hpp"

namespace csp {
namespace {

using ::testing::HasSubstr;

struct ProgramRun {
  int code = -1;
  std::string out;  // standard output and standard error
};

ProgramRun csp_program(const std::string& args) {
  const std::string command = std::string("'") + CSP_PROGRAM + "' " + args + " 2>&1";
  ProgramRun run;
  std::FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return run;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) run.out.append(buffer, n);
  const int status = ::pclose(pipe);
  run.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

// The rows that are no flag of the program: pc2 is --consistency pc2; the commands set keep-solutions,
// check-solutions and assign-fixed themselves.
const std::set<std::string> kNotFlags = {"pc2", "keep-solutions", "check-solutions", "assign-fixed"};

// What a flag needs beside it to apply, and the program's spelling of an example (--timeout is milliseconds).
std::string context(const RunOption& row) {
  static const std::map<std::string, std::string> needs = {
      {"learning", "--backjump cbj"}, {"restart-base", "--restarts luby"}, {"restart-factor", "--restarts geometric"}};
  if (row.group == OptionGroup::local) return "--algorithm min-conflicts";
  const auto it = needs.find(row.name);
  return it == needs.end() ? "" : it->second;
}

std::string example(const RunOption& row) {
  if (std::string(row.name) == "timeout") return " 60000";
  if (row.kind == OptionKind::flag) return "";
  return std::string(" ") + row.example;
}

TEST(RunOptionsCli, EveryRowIsAFlagOfTheModelCommands) {
  const std::string help = csp_program("queens --help").out;
  for (const RunOption& row : run_options()) {
    SCOPED_TRACE(row.name);
    const bool flag = help.find(std::string("  --") + row.name + " ") != std::string::npos;
    EXPECT_EQ(flag, kNotFlags.count(row.name) == 0);
    if (row.kind != OptionKind::name || !flag) continue;
    for (const std::string& name : row.values()) EXPECT_THAT(help, HasSubstr(name));
  }
  // csp sudoku (backtracking only: its own --algorithm says why not the others) has every row but min-conflicts'.
  const std::string sudoku = csp_program("sudoku --help").out;
  for (const RunOption& row : run_options()) {
    const bool backtracking = row.group != OptionGroup::local;
    EXPECT_EQ(sudoku.find(std::string("  --") + row.name + " ") != std::string::npos,
              backtracking && kNotFlags.count(row.name) == 0)
        << row.name;
  }
}

TEST(RunOptionsCli, EachFlagTakesItsExampleAndRefusesABadValue) {
  for (const RunOption& row : run_options()) {
    if (kNotFlags.count(row.name) != 0) continue;
    SCOPED_TRACE(row.name);
    const std::string flag = std::string(" --") + row.name;
    const ProgramRun good = csp_program("queens 8 " + context(row) + flag + example(row));
    EXPECT_EQ(good.code, 0) << good.out;
    if (row.kind == OptionKind::flag) continue;
    const ProgramRun bad = csp_program("queens 8 " + context(row) + flag + " bogus");
    EXPECT_EQ(bad.code, 2) << bad.out;
    EXPECT_THAT(bad.out, HasSubstr(flag.substr(1)));
    if (row.kind == OptionKind::name) {
      EXPECT_THAT(bad.out, HasSubstr(row.values().front()));
    }
  }
}

}  // namespace
}  // namespace csp
