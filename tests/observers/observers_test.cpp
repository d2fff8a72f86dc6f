// TraceObserver, JsonTraceObserver and SearchTreeObserver (csp::observers) on a run of csp::solve: the trace has one
// line per counted event, the tree one node per decision, and write_search_tree's files and errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "csp/models/n_queens.hpp"
#include "csp/observers/search_tree.hpp"
#include "csp/observers/trace_observer.hpp"
#include "csp/search/solve.hpp"

namespace csp {
namespace {

std::string value_text(Value v) { return std::to_string(v); }

// 4-queens, static order, the given inference, with `observer` attached.
RunResult queens4(const Problem& problem, const std::string& inference, SearchObserver& observer) {
  RunSpec spec;
  spec.search.variable_ordering = "first";
  spec.search.inference = inference;
  spec.search.observer = &observer;
  return solve(problem, spec);
}

// The lines of `text` whose first word (after the indentation) is `word`.
std::size_t lines_starting(const std::string& text, const std::string& word) {
  std::istringstream in(text);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) {
    const std::size_t start = line.find_first_not_of(' ');
    if (start != std::string::npos && line.compare(start, word.size() + 1, std::string(word).append(" ")) == 0) ++n;
  }
  return n;
}

std::size_t ends(const SearchTreeObserver& tree, SearchTreeObserver::Node::End end) {
  std::size_t n = 0;
  for (const SearchTreeObserver::Node& node : tree.nodes()) n += node.end == end ? 1 : 0;
  return n;
}

std::string read_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(SearchObservers, TraceAndTreeOfFourQueensWithForwardCheckingMatchTheStatistics) {
  const Problem problem = models::n_queens(4);
  std::ostringstream out;
  TraceObserver trace(out, value_text);
  SearchTreeObserver tree(value_text);
  FanOutObserver both({&trace, &tree});
  const RunResult result = queens4(problem, "fc", both);
  ASSERT_EQ(result.status, Status::solved);
  // By hand (the csp program's `csp queens 4 --var first --inference fc --stats` prints the same counters).
  EXPECT_EQ(result.stats.assignments, 8u);
  EXPECT_EQ(result.stats.backtracks, 4u);
  EXPECT_EQ(result.stats.wipeouts, 2u);
  const std::string text = out.str();
  EXPECT_EQ(lines_starting(text, "assign"), result.stats.assignments);
  EXPECT_EQ(lines_starting(text, "backtrack"), result.stats.backtracks);
  EXPECT_EQ(lines_starting(text, "wipe-out"), result.stats.wipeouts);
  EXPECT_EQ(lines_starting(text, "prune"), result.stats.values_pruned);
  EXPECT_EQ(text.find("assign Q1 = 1  (depth 1)\n  prune Q2 = 1  by no-attack(Q1,Q2)\n"), 0u);
  EXPECT_NE(text.find("\n        solution\n"), std::string::npos);  // after the 4th decision
  // The tree: the root and one node per decision; the solution's path ends in the 4th decision.
  ASSERT_EQ(tree.nodes().size(), result.stats.assignments + 1);
  EXPECT_FALSE(tree.truncated());
  EXPECT_EQ(ends(tree, SearchTreeObserver::Node::End::solution), 1u);
  EXPECT_EQ(ends(tree, SearchTreeObserver::Node::End::wipeout), result.stats.wipeouts);
  const nlohmann::json json = nlohmann::json::parse(tree.json());
  ASSERT_EQ(json["nodes"].size(), 9u);
  EXPECT_EQ(json["nodes"][1]["var"], "Q1");
  EXPECT_EQ(json["nodes"][1]["pruned_count"], 6);
  EXPECT_EQ(json["nodes"][2]["wiped_out"], "Q3");
  EXPECT_EQ(json["truncated"], false);
  const std::string dot = tree.dot();
  EXPECT_EQ(lines_starting(dot, "n0"), 3u);  // the root's box and its edges to Q1 = 1 (failed) and Q1 = 2
  EXPECT_NE(dot.find("n1 [label=\"Q1 = 1\\n-6: Q2!=1 Q2!=2 Q3!=1 Q3!=3 Q4!=1 Q4!=4\"];"), std::string::npos);
}

TEST(SearchObservers, WithoutInferenceTheRejectedValuesAreLeaves) {
  const Problem problem = models::n_queens(4);
  std::ostringstream out;
  TraceObserver trace(out, value_text);
  SearchTreeObserver tree(value_text);
  FanOutObserver both({&trace, &tree});
  const RunResult result = queens4(problem, "none", both);
  ASSERT_EQ(result.status, Status::solved);
  const std::size_t rejects = lines_starting(out.str(), "reject");
  EXPECT_GT(rejects, 0u);
  EXPECT_EQ(lines_starting(out.str(), "assign"), result.stats.assignments);
  EXPECT_EQ(ends(tree, SearchTreeObserver::Node::End::rejected), rejects);
  EXPECT_EQ(tree.nodes().size(), 1 + result.stats.assignments + rejects);
  EXPECT_EQ(out.str().find("assign Q1 = 1  (depth 1)\n  reject Q2 = 1  by no-attack(Q1,Q2)\n"), 0u);
}

TEST(SearchObservers, JsonTraceHasOneObjectPerLine) {
  const Problem problem = models::n_queens(4);
  std::ostringstream out;
  JsonTraceObserver trace(out, value_text);
  const RunResult result = queens4(problem, "fc", trace);
  std::istringstream in(out.str());
  std::uint64_t assigns = 0;
  std::size_t solutions = 0;
  std::string first;
  for (std::string line; std::getline(in, line);) {
    if (first.empty()) first = line;
    const nlohmann::json event = nlohmann::json::parse(line);  // throws (fails the test) on a bad line
    assigns += event["event"] == "assign" ? 1 : 0;
    solutions += event["event"] == "solution" ? 1 : 0;
  }
  EXPECT_EQ(first, R"({"event":"assign","var":"Q1","value":"1","depth":1})");
  EXPECT_EQ(assigns, result.stats.assignments);
  EXPECT_EQ(solutions, 1u);
}

// 4-queens, static order, no inference, cbj with learning: four nogoods, checked by hand (Q1 = 1 with Q2 = 3
// leaves Q3 no column; with Q2 = 4 and Q3 = 2, Q4 none; so Q1 = 1, Q2 = 4 fails, and then Q1 = 1 itself).
TEST(SearchObservers, LearnedNogoodsShowInTheTracesAndTheTree) {
  const Problem problem = models::n_queens(4);
  std::ostringstream text;
  std::ostringstream json;
  TraceObserver trace(text, value_text);
  JsonTraceObserver json_trace(json, value_text);
  SearchTreeObserver tree(value_text);
  FanOutObserver all({&trace, &json_trace, &tree});
  RunSpec spec;
  spec.search.variable_ordering = "first";
  spec.search.inference = "none";
  spec.search.backjumping = "cbj";
  spec.search.learning = 4;
  spec.search.observer = &all;
  const RunResult result = solve(problem, spec);
  ASSERT_EQ(result.status, Status::solved);
  ASSERT_EQ(result.stats.nogoods, 4u);
  EXPECT_EQ(lines_starting(text.str(), "nogood"), 4u);
  EXPECT_NE(text.str().find("\n    nogood Q1 = 1, Q2 = 3  (learned: no solution holds them together)\n"),
            std::string::npos);
  EXPECT_NE(text.str().find("\n      nogood Q1 = 1, Q2 = 4, Q3 = 2  (learned"), std::string::npos);
  EXPECT_NE(text.str().find("\n  nogood Q1 = 1  (learned"), std::string::npos);
  EXPECT_NE(json.str().find(R"({"event":"nogood","literals":[{"var":"Q1","value":"1"},{"var":"Q2","value":"3"}],)"
                            R"("depth":3})"),
            std::string::npos);
  std::size_t with_nogood = 0;
  for (const SearchTreeObserver::Node& n : tree.nodes()) with_nogood += n.nogood.empty() ? 0 : 1;
  EXPECT_EQ(with_nogood, 4u);
  EXPECT_NE(tree.dot().find("n1 [label=\"Q1 = 1\\nnogood: Q1=1\""), std::string::npos);
  const nlohmann::json nodes = nlohmann::json::parse(tree.json())["nodes"];
  EXPECT_EQ(nodes[1]["nogood"], nlohmann::json::parse(R"([["Q1", "1"]])"));
}

TEST(SearchObservers, MaxNodesTruncatesTheTree) {
  const Problem problem = models::n_queens(4);
  SearchTreeObserver tree(value_text, 3);
  queens4(problem, "fc", tree);
  EXPECT_EQ(tree.nodes().size(), 3u);
  EXPECT_TRUE(tree.truncated());
  EXPECT_NE(tree.dot().find("(only the first 3 nodes are drawn)"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(tree.json())["truncated"], true);
}

TEST(SearchObservers, WriteSearchTreeWritesTheFormatItsNameSaysOrThrowsNamingTheFile) {
  const Problem problem = models::n_queens(4);
  SearchTreeObserver tree(value_text);
  queens4(problem, "fc", tree);
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) / "csp_observers_test";
  std::filesystem::create_directories(dir);
  write_search_tree(tree, (dir / "t.json").string());
  EXPECT_EQ(read_text(dir / "t.json"), tree.json());
  write_search_tree(tree, (dir / "t.dot").string());
  EXPECT_EQ(read_text(dir / "t.dot"), tree.dot());
  if (search_tree_svg_available()) {
    write_search_tree(tree, (dir / "t.svg").string());
    EXPECT_NE(read_text(dir / "t.svg").find("<svg"), std::string::npos);
  } else {
    EXPECT_NE(search_tree_format_error("t.svg").find("built without Graphviz"), std::string::npos);
  }
  const std::string png = (dir / "t.png").string();
  try {
    write_search_tree(tree, png);
    ADD_FAILURE() << "no SearchTreeError for " << png;
  } catch (const SearchTreeError& e) {
    EXPECT_EQ(std::string(e.what()), search_tree_format_error(png));
    EXPECT_EQ(std::string(e.what()).find(std::string("'").append(png).append("' must end in .dot")), 0u);
  }
  EXPECT_FALSE(std::filesystem::exists(png));
  try {
    write_search_tree(tree, "/nonexistent-dir/t.dot");
    ADD_FAILURE() << "no SearchTreeError for /nonexistent-dir/t.dot";
  } catch (const Error& e) {  // SearchTreeError is a csp::Error
    EXPECT_STREQ(e.what(), "cannot write '/nonexistent-dir/t.dot': No such file or directory");
  }
  if (std::filesystem::exists("/dev/full")) {  // every write fails: the close reports it
    std::filesystem::create_symlink("/dev/full", dir / "full.dot");
    const std::string full = (dir / "full.dot").string();
    try {
      write_search_tree(tree, full);
      ADD_FAILURE() << "no SearchTreeError for " << full;
    } catch (const SearchTreeError& e) {
      EXPECT_EQ(std::string(e.what()), std::string("cannot write '").append(full).append("': No space left on device"));
    }
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace csp
