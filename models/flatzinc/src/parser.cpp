// FlatZinc parser: items of the MiniZinc 2.6 FlatZinc grammar to the syntax tree of ast.hpp.
#include "csp/models/flatzinc/parser.hpp"

#include "csp/models/text_input.hpp"
#include "lexer.hpp"

#include <utility>
#include <vector>

namespace csp::models::flatzinc {

namespace {

class Parser {
 public:
  Parser(std::string_view text, const std::string& source, const StopCheck& stop) : lex_(text, source), stop_(stop) {
    advance();
  }

  Model parse() {
    Model m;
    bool have_solve = false;
    for (unsigned items = 0; tok_.kind != Token::Kind::end; ++items) {
      if (items % 4096 == 4095 && stop_ && stop_()) throw ReadStopped();
      if (have_solve) fail("an item after the solve item (the solve item must be the last)");
      if (is_word("predicate")) {
        skip_predicate();
      } else if (is_word("constraint")) {
        m.constraints.push_back(constraint_item());
      } else if (is_word("solve")) {
        m.solve = solve_item();
        have_solve = true;
      } else {
        m.declarations.push_back(declaration());
      }
    }
    if (!have_solve) lex_.fail(tok_.line, "no solve item (a FlatZinc model ends with 'solve ... satisfy;')");
    return m;
  }

 private:
  Lexer lex_;
  const StopCheck& stop_;
  Token tok_;

  void advance() { tok_ = lex_.next(); }
  [[noreturn]] void fail(const std::string& why) const { lex_.fail(tok_.line, why); }
  std::string describe() const {
    switch (tok_.kind) {
      case Token::Kind::end:
        return "the end of the file";
      case Token::Kind::string:
        return "a string";
      default:
        return std::string("'").append(shortened(tok_.text)).append("'");
    }
  }
  bool is_word(const char* w) const { return tok_.kind == Token::Kind::identifier && tok_.text == w; }
  bool is_punct(const char* p) const { return tok_.kind == Token::Kind::punct && tok_.text == p; }
  void expect_punct(const char* p) {
    if (!is_punct(p)) fail(std::string("expected '") + p + "', found " + describe());
    advance();
  }
  void expect_word(const char* w) {
    if (!is_word(w)) fail(std::string("expected '") + w + "', found " + describe());
    advance();
  }
  std::string identifier(const char* what) {
    if (tok_.kind != Token::Kind::identifier) fail(std::string("expected ") + what + ", found " + describe());
    std::string s(tok_.text);
    advance();
    return s;
  }
  long long integer(const char* what) {
    if (tok_.kind != Token::Kind::integer) fail(std::string("expected ") + what + ", found " + describe());
    const long long v = tok_.value;
    advance();
    return v;
  }

  void skip_predicate() {
    const int line = tok_.line;
    while (!is_punct(";")) {
      if (tok_.kind == Token::Kind::end) lex_.fail(line, "predicate declaration without ';'");
      advance();
    }
    advance();
  }

  // int_lit '..' int_lit  or  '{' int_lit, ... '}'
  IntSet set_literal() {
    IntSet s;
    if (is_punct("{")) {
      advance();
      std::vector<long long> values;
      while (!is_punct("}")) {
        values.push_back(integer("an integer in a set"));
        if (!is_punct("}")) expect_punct(",");
      }
      advance();
      return IntSet::of_values(std::move(values));
    }
    const long long lo = integer("an integer");
    expect_punct("..");
    const long long hi = integer("an integer");
    s.add(lo, hi);
    return s;
  }

  // The base of a type after 'var' or 'of': bool, int, float, a range, a set, 'set of ...'.
  void base_type(Type& t) {
    if (is_word("bool")) {
      t.base = Type::Base::boolean;
      advance();
    } else if (is_word("int")) {
      t.base = Type::Base::integer;
      advance();
    } else if (is_word("float")) {
      t.base = Type::Base::floating;
      advance();
    } else if (is_word("set")) {
      advance();
      expect_word("of");
      t.base = Type::Base::set_of_int;
      if (is_word("int"))
        advance();
      else
        t.domain = set_literal();
    } else if (tok_.kind == Token::Kind::floating) {
      t.base = Type::Base::floating;
      advance();
      expect_punct("..");
      if (tok_.kind != Token::Kind::floating && tok_.kind != Token::Kind::integer) fail("expected a float bound");
      advance();
    } else if (tok_.kind == Token::Kind::integer || is_punct("{")) {
      t.base = Type::Base::integer;
      t.domain = set_literal();
    } else {
      fail("expected a type (bool, int, float, a range lo..hi or a set {..}), found " + describe());
    }
  }

  Type type() {
    Type t;
    if (is_word("array")) {
      advance();
      expect_punct("[");
      const long long lo = integer("the array's index set 1..n");
      expect_punct("..");
      const long long hi = integer("the array's index set 1..n");
      if (lo != 1 || hi < 0)
        fail("array index set " + std::to_string(lo) + ".." + std::to_string(hi) +
             ": FlatZinc arrays are indexed 1..n");
      t.array_size = hi;
      expect_punct("]");
      expect_word("of");
    }
    if (is_word("var")) {
      t.is_var = true;
      advance();
    }
    base_type(t);
    return t;
  }

  std::vector<Expr> annotations() {
    std::vector<Expr> out;
    while (is_punct("::")) {
      advance();
      out.push_back(expr());
    }
    return out;
  }

  // Arrays and calls nest; MiniZinc writes a few levels (seq_search of int_search). A bound keeps a hostile file
  // from overflowing the stack of this recursive descent (and of the annotation walker, which follows the tree).
  static constexpr int kMaxNesting = 200;
  int depth_ = 0;
  struct Nested {
    Parser& p;
    explicit Nested(Parser& parser) : p(parser) {
      if (++p.depth_ > kMaxNesting)
        p.fail("expressions nested deeper than " + std::to_string(kMaxNesting) + " levels (arrays or calls)");
    }
    ~Nested() { --p.depth_; }
    Nested(const Nested&) = delete;
    Nested& operator=(const Nested&) = delete;
  };

  // Expressions separated by commas up to `close` (consumed), in a vector of exactly their number: gathered in a
  // scratch vector of this depth first, so a constraint's arrays cost one allocation each, not one per doubling.
  std::vector<Expr> list_until(const char* close) {
    const auto level = static_cast<std::size_t>(depth_);
    if (scratch_.size() <= level) scratch_.resize(level + 1);
    // scratch_[level] is indexed afresh after each expr(): a deeper level may grow scratch_ and move its vectors.
    while (!is_punct(close)) {
      Expr item = expr();
      scratch_[level].push_back(std::move(item));
      if (!is_punct(close)) expect_punct(",");
    }
    advance();
    std::vector<Expr>& items = scratch_[level];
    std::vector<Expr> out(std::make_move_iterator(items.begin()), std::make_move_iterator(items.end()));
    items.clear();
    return out;
  }
  std::vector<std::vector<Expr>> scratch_;

  Expr expr() {
    const Nested nested(*this);
    Expr e;
    e.line = tok_.line;
    if (tok_.kind == Token::Kind::integer) {
      e.value = tok_.value;
      advance();
      if (is_punct("..")) {
        advance();
        e.kind = Expr::Kind::set;
        e.set.add(e.value, integer("an integer"));
      } else {
        e.kind = Expr::Kind::integer;
      }
      return e;
    }
    if (tok_.kind == Token::Kind::floating) {
      e.kind = Expr::Kind::floating;
      e.name = tok_.text;
      advance();
      if (is_punct("..")) {  // a float range
        advance();
        advance();
      }
      return e;
    }
    if (tok_.kind == Token::Kind::string) {
      e.kind = Expr::Kind::string;
      e.name = tok_.text;
      advance();
      return e;
    }
    if (is_punct("{")) {
      e.kind = Expr::Kind::set;
      e.set = set_literal();
      return e;
    }
    if (is_punct("[")) {
      e.kind = Expr::Kind::array;
      advance();
      e.items = list_until("]");
      return e;
    }
    if (tok_.kind == Token::Kind::identifier) {
      e.name = tok_.text;
      advance();
      if (e.name == "true" || e.name == "false") {
        e.kind = Expr::Kind::boolean;
        e.value = e.name == "true" ? 1 : 0;
      } else if (is_punct("[")) {
        advance();
        e.kind = Expr::Kind::access;
        e.value = integer("an array index");
        expect_punct("]");
      } else if (is_punct("(")) {
        advance();
        e.kind = Expr::Kind::call;
        e.items = list_until(")");
      } else {
        e.kind = Expr::Kind::identifier;
      }
      return e;
    }
    fail("expected an expression, found " + describe());
  }

  Declaration declaration() {
    Declaration d;
    d.line = tok_.line;
    d.type = type();
    expect_punct(":");
    d.name = identifier("a name");
    d.annotations = annotations();
    if (is_punct("=")) {
      advance();
      d.value = expr();
    }
    expect_punct(";");
    if (d.type.is_var && d.type.base == Type::Base::floating)
      lex_.fail(d.line, "float variable '" + d.name + "': float variables are not supported");
    if (d.type.is_var && d.type.base == Type::Base::set_of_int)
      lex_.fail(d.line, "set variable '" + d.name + "': set variables are not supported");
    if (!d.type.is_var && !d.value) lex_.fail(d.line, "parameter '" + d.name + "' without a value");
    if (d.value && d.type.array_size >= 0 && d.value->kind == Expr::Kind::array &&
        static_cast<long long>(d.value->items.size()) != d.type.array_size)
      lex_.fail(d.line, "array '" + d.name + "' declared with " + std::to_string(d.type.array_size) + " elements has " +
                            std::to_string(d.value->items.size()));
    return d;
  }

  ConstraintItem constraint_item() {
    ConstraintItem c;
    c.line = tok_.line;
    advance();
    c.name = identifier("a constraint name");
    expect_punct("(");
    c.args = list_until(")");
    c.annotations = annotations();
    expect_punct(";");
    return c;
  }

  SolveItem solve_item() {
    SolveItem s;
    s.line = tok_.line;
    advance();
    s.annotations = annotations();
    if (is_word("satisfy")) {
      advance();
    } else if (is_word("minimize") || is_word("maximize")) {
      s.goal = is_word("minimize") ? SolveItem::Goal::minimize : SolveItem::Goal::maximize;
      advance();
      s.objective = expr();
    } else {
      fail("expected 'satisfy', 'minimize' or 'maximize', found " + describe());
    }
    expect_punct(";");
    return s;
  }
};

}  // namespace

Model parse_flatzinc(std::string_view text, const std::string& source, const StopCheck& stop) {
  return Parser(text, source, stop).parse();
}

Model read_flatzinc_file(const std::string& path, const StopCheck& stop) {
  TextInput input(path, kMaxFlatZincFileBytes);
  if (!input.open_error().empty()) throw FlatZincError(input.open_error());
  const std::string text = input.read_all();
  if (const std::string why = input.read_error(); !why.empty()) throw FlatZincError(why);
  if (text.empty()) throw FlatZincError(input.name() + ": empty file");
  if (stop && stop()) throw ReadStopped();
  return parse_flatzinc(text, input.name(), stop);
}

}  // namespace csp::models::flatzinc
