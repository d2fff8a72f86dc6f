// Cryptarithm model: parsing, errors, SEND+MORE=MONEY (unique) and TWO+TWO=FOUR against a brute-force count.
#include "csp/models/cryptarithm.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <set>

#include "csp/core/errors.hpp"
#include "csp/search/backtracking.hpp"

namespace csp::models {
namespace {

SolverConfig all_solutions(const std::string& inference) {
  SolverConfig config = SolverConfig::textbook();
  config.variable_ordering = "mrv";
  config.inference = inference;
  config.max_solutions = 0;
  config.keep_solutions = 100;
  return config;
}

TEST(Cryptarithm, ParsesWordsLettersAndSpaces) {
  const Cryptarithm c = parse_cryptarithm(" SEND + MORE = MONEY ");
  EXPECT_EQ(c.addends, (std::vector<std::string>{"SEND", "MORE"}));
  EXPECT_EQ(c.sum, "MONEY");
  EXPECT_EQ(c.letters, "SENDMORY");
  const Cryptarithm three = parse_cryptarithm("A+B+C=DE");
  EXPECT_EQ(three.addends.size(), 3U);
  EXPECT_EQ(three.letters, "ABCDE");
}

TEST(Cryptarithm, BadInputThrowsModelErrorNamingTheProblem) {
  auto message = [](const std::string& text) {
    try {
      parse_cryptarithm(text);
    } catch (const ModelError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("").find("empty"), std::string::npos);
  EXPECT_NE(message("SEND+MORE").find("'=' is missing"), std::string::npos);
  EXPECT_NE(message("SEND+MORE=MONEY=X").find("second '='"), std::string::npos);
  EXPECT_NE(message("SEND++MORE=MONEY").find("word is missing"), std::string::npos);
  EXPECT_NE(message("SEND+MORE=").find("word is missing"), std::string::npos);
  EXPECT_NE(message("=MONEY").find("word is missing"), std::string::npos);
  EXPECT_NE(message("send+more=money").find("invalid character 's' at position 1"), std::string::npos);
  EXPECT_NE(message("SEND-MORE=MONEY").find("invalid character '-' at position 5"), std::string::npos);
  EXPECT_NE(message("A=B+C").find("'+' after '='"), std::string::npos);
  EXPECT_EQ(message("ABCDEFGHIJK=A"), "no error");  // well-formed: long words are not refused
}

// Place values past 2^31: the column-carry model, checked against the digits column by column.
TEST(Cryptarithm, LongWordsAreSolvedWithColumnsAndCarries) {
  const Cryptarithm c = parse_cryptarithm("CHEGACEJJBIJ+AFHGGEDBDDCC=IBIAEJJAJBGD");
  const Problem p = cryptarithm(c);
  EXPECT_GT(p.variable_count(), 10);  // the 10 letters, then carry1, carry2, ...
  EXPECT_EQ(p.variable(10).name(), "carry1");
  const SearchResult r = backtracking_search(p, all_solutions("mac"));
  ASSERT_EQ(r.status, Status::solved);
  for (const Assignment& a : r.solutions) EXPECT_TRUE(adds_up(c, a)) << format_solution(c, a);
  // 158621899349 + 275668030011 = 434289929360 is the one it was made from.
  const bool made_from = std::any_of(r.solutions.begin(), r.solutions.end(), [&](const Assignment& a) {
    return format_solution(c, a) == "158621899349 + 275668030011 = 434289929360";
  });
  EXPECT_TRUE(made_from);
  // 25 letters: A...A + B = A...AC holds for A in 1..9 and B + A = C without a carry, B != 0: 32 solutions.
  const Cryptarithm d = parse_cryptarithm(std::string(25, 'A') + "+B=" + std::string(24, 'A') + "C");
  EXPECT_EQ(backtracking_search(cryptarithm(d), all_solutions("fc")).solution_count, 32U);
  EXPECT_THROW(word_value(d, d.sum, backtracking_search(cryptarithm(d), all_solutions("fc")).solutions.at(0)),
               ModelError);
  // An addition that cannot hold is a model with no solution, not a refusal.
  EXPECT_EQ(backtracking_search(cryptarithm("ABCDEFGHIJ+A=ABCDEFGHIJK"), all_solutions("fc")).solution_count, 0U);
}

TEST(Cryptarithm, ModelHasOneVariablePerLetterAndNoLeadingZeros) {
  const Problem p = cryptarithm("SEND+MORE=MONEY");
  EXPECT_EQ(p.variable_count(), 8);
  EXPECT_EQ(p.constraint_count(), 2);  // all-different + one linear equality
  // A leading letter's initial domain is restricted to 1..9 (a given --why-unsat can name); the others keep 0..9.
  const auto first = [&p](const char* letter) {
    const VarId x = p.find(letter);
    return p.variable(x).value(p.initial_domain(x).min());
  };
  EXPECT_EQ(first("S"), 1);
  EXPECT_EQ(first("M"), 1);
  EXPECT_EQ(first("E"), 0);
  EXPECT_TRUE(p.is_restricted(p.find("S")));
  EXPECT_FALSE(p.is_restricted(p.find("E")));
  const Problem one_letter = cryptarithm("A+B=C");
  EXPECT_EQ(one_letter.variable(0).value(one_letter.initial_domain(0).min()), 0);  // one-letter words may be 0
}

TEST(Cryptarithm, SendMoreMoneyHasExactlyOneSolution) {
  const Cryptarithm c = parse_cryptarithm("SEND+MORE=MONEY");
  for (const char* inference : {"fc", "mac"}) {
    const Problem p = cryptarithm(c);
    const SearchResult r = backtracking_search(p, all_solutions(inference));
    ASSERT_EQ(r.status, Status::solved) << inference;
    EXPECT_TRUE(r.complete);
    ASSERT_EQ(r.solution_count, 1U) << inference;
    EXPECT_TRUE(p.is_solution(r.solutions[0]));
    EXPECT_EQ(format_solution(c, r.solutions[0]), "9567 + 1085 = 10652");
    EXPECT_EQ(word_value(c, "MONEY", r.solutions[0]), 10652);
  }
}

TEST(Cryptarithm, PairwiseAllDifferentFindsTheSameSolution) {
  const Cryptarithm c = parse_cryptarithm("SEND+MORE=MONEY");
  const Problem p = cryptarithm(c, AllDifferentMode::binary);
  EXPECT_EQ(p.constraint_count(), 28 + 1);
  const SearchResult r = backtracking_search(p, all_solutions("mac"));
  ASSERT_EQ(r.solution_count, 1U);
  EXPECT_EQ(format_solution(c, r.solutions[0]), "9567 + 1085 = 10652");
}

// Independent oracle: every injective map {T,W,O,F,U,R} -> digits with T, F != 0 and TWO + TWO = FOUR.
std::set<std::string> two_two_four_by_brute_force() {
  std::set<std::string> found;
  std::array<bool, 10> used{};
  std::array<int, 6> d{};  // T W O F U R
  auto rec = [&](auto&& self, std::size_t k) -> void {
    if (k == d.size()) {
      const int two = 100 * d[0] + 10 * d[1] + d[2];
      const int four = 1000 * d[3] + 100 * d[2] + 10 * d[4] + d[5];
      if (two + two == four)
        found.insert(std::to_string(two) + " + " + std::to_string(two) + " = " + std::to_string(four));
      return;
    }
    for (int v = (k == 0 || k == 3) ? 1 : 0; v <= 9; ++v) {
      if (used[static_cast<std::size_t>(v)]) continue;
      used[static_cast<std::size_t>(v)] = true;
      d[k] = v;
      self(self, k + 1);
      used[static_cast<std::size_t>(v)] = false;
    }
  };
  rec(rec, 0);
  return found;
}

TEST(Cryptarithm, TwoTwoFourSolutionsMatchBruteForce) {
  const std::set<std::string> expected = two_two_four_by_brute_force();
  ASSERT_EQ(expected.size(), 7U);  // the brute-force count, recorded as a fact
  const Cryptarithm c = parse_cryptarithm("TWO+TWO=FOUR");
  for (const char* inference : {"none", "fc", "mac"}) {
    const Problem p = cryptarithm(c);
    const SearchResult r = backtracking_search(p, all_solutions(inference));
    ASSERT_TRUE(r.complete);
    EXPECT_EQ(r.solution_count, expected.size()) << inference;
    std::set<std::string> got;
    for (const Assignment& a : r.solutions) {
      EXPECT_TRUE(p.is_solution(a));
      got.insert(format_solution(c, a));
    }
    EXPECT_EQ(got, expected) << inference;
  }
}

TEST(Cryptarithm, LeadingZeroRuleDecidesSatisfiability) {
  // A + A = A forces A = 0, which a one-letter word may take: one solution.
  EXPECT_EQ(backtracking_search(cryptarithm("A+A=A"), all_solutions("fc")).solution_count, 1U);
  // AB + AB = AB forces AB = 0, impossible without a leading zero.
  EXPECT_EQ(backtracking_search(cryptarithm("AB+AB=AB"), all_solutions("fc")).status, Status::unsatisfiable);
  // Eleven different letters cannot take ten different digits.
  EXPECT_EQ(backtracking_search(cryptarithm("ABCDEF+GHIJK=ABCDEF"), all_solutions("fc")).status, Status::unsatisfiable);
}

}  // namespace
}  // namespace csp::models
