// SearchTreeObserver: the search tree of a run, as DOT, JSON or SVG.
#include "csp/observers/search_tree.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <sstream>
#include <type_traits>

#include <nlohmann/json.hpp>

#include "csp/core/constraint.hpp"
#include "csp/core/store.hpp"

#if CSP_HAVE_GRAPHVIZ
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include "shared_library.hpp"  // models/src: Graphviz loaded on first use, as cairo
#endif

namespace csp {
namespace {

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

// A DOT double-quoted string body: quotes and backslashes escaped, newlines as DOT's centred line break.
std::string dot_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

const char* end_name(SearchTreeObserver::Node::End e) {
  switch (e) {
    case SearchTreeObserver::Node::End::open:
      return "open";
    case SearchTreeObserver::Node::End::solution:
      return "solution";
    case SearchTreeObserver::Node::End::wipeout:
      return "wipeout";
    case SearchTreeObserver::Node::End::rejected:
      return "rejected";
    case SearchTreeObserver::Node::End::failed:
      return "failed";
  }
  return "?";
}

// The system's reason for the last failed call, as "cannot write 'PATH': REASON".
SearchTreeError write_error(const std::string& path) {
  return SearchTreeError(std::string("cannot write '").append(path).append("': ").append(std::strerror(errno)));
}

// Creates or truncates `path` and writes `text` to it; every failure (open, a short write, close) names the file.
void write_file(const std::string& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) throw write_error(path);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const SearchTreeError e = write_error(path);
      ::close(fd);
      throw e;
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) throw write_error(path);
}

#if CSP_HAVE_GRAPHVIZ
// The Graphviz functions svg_of calls, from libgvc (agmemread and agclose from libcgraph, which libgvc loads),
// loaded on first use (shared_library.hpp). Throws csp::Error when the library cannot be loaded.
struct GraphvizApi {
  decltype(&::gvContext) context;
  decltype(&::agmemread) read;
  decltype(&::gvLayout) layout;
  decltype(&::gvRenderData) render_data;
  decltype(&::gvFreeLayout) free_layout;
  decltype(&::gvFreeRenderData) free_render_data;
  decltype(&::agclose) close;
  decltype(&::gvFreeContext) free_context;
};

const GraphvizApi& graphviz() {
  static const GraphvizApi api = [] {
    void* h = detail::open_shared_library(CSP_GVC_SONAME, "Graphviz's library");
    const auto f = [h](auto& slot, const char* name) {
      slot = detail::library_function<std::remove_reference_t<decltype(slot)>>(h, name, "Graphviz's library");
    };
    GraphvizApi a{};
    f(a.context, "gvContext");
    f(a.read, "agmemread");
    f(a.layout, "gvLayout");
    f(a.render_data, "gvRenderData");
    f(a.free_layout, "gvFreeLayout");
    f(a.free_render_data, "gvFreeRenderData");
    f(a.close, "agclose");
    f(a.free_context, "gvFreeContext");
    return a;
  }();
  return api;
}
#endif

// `dot` laid out by Graphviz's library as SVG (only called when search_tree_svg_available()).
std::string svg_of([[maybe_unused]] const std::string& dot, const std::string& path) {
  std::string out;
#if CSP_HAVE_GRAPHVIZ
  const GraphvizApi* gv = nullptr;
  try {
    gv = &graphviz();
  } catch (const Error& e) {
    throw SearchTreeError(std::string("cannot lay out the tree for '").append(path).append("': ").append(e.what()));
  }
  GVC_t* gvc = gv->context();
  Agraph_t* graph = gv->read(dot.c_str());
  char* svg = nullptr;
  unsigned int length = 0;
  if (graph != nullptr && gv->layout(gvc, graph, "dot") == 0) {
    if (gv->render_data(gvc, graph, "svg", &svg, &length) == 0 && svg != nullptr) out.assign(svg, length);
    gv->free_layout(gvc, graph);
  }
  if (svg != nullptr) gv->free_render_data(svg);
  if (graph != nullptr) gv->close(graph);
  gv->free_context(gvc);
#endif
  if (out.empty())
    throw SearchTreeError(std::string("Graphviz could not lay out the tree for '").append(path).append("'"));
  return out;
}

}  // namespace

SearchTreeObserver::SearchTreeObserver(std::function<std::string(Value)> value_text, std::size_t max_nodes)
    : value_text_(std::move(value_text)), max_nodes_(std::max<std::size_t>(max_nodes, 1)) {
  nodes_.emplace_back();  // the root
  path_.push_back(0);
}

int SearchTreeObserver::add_node(int parent, int depth, VarId x, Value v) {
  if (parent < 0) return -1;  // the parent was not recorded: neither is its subtree
  if (nodes_.size() >= max_nodes_) {
    truncated_ = true;
    return -1;
  }
  Node n;
  n.parent = parent;
  n.depth = depth;
  n.var = x;
  n.value = v;
  nodes_.push_back(std::move(n));
  return static_cast<int>(nodes_.size() - 1);
}

void SearchTreeObserver::remember_names(const Store& store) {
  if (names_.empty())
    for (VarId y = 0; y < store.problem().variable_count(); ++y) names_.push_back(store.problem().variable(y).name());
}

void SearchTreeObserver::on_assign(const Store& store, VarId x, Value v, int depth) {
  remember_names(store);
  path_.resize(static_cast<std::size_t>(std::max(depth, 1)), -1);
  path_.push_back(add_node(path_[static_cast<std::size_t>(depth - 1)], depth, x, v));
}

void SearchTreeObserver::on_backtrack(const Store& /*store*/, VarId /*x*/, Value /*v*/, int depth) {
  if (depth >= 1 && static_cast<std::size_t>(depth) < path_.size()) {
    const int id = path_[static_cast<std::size_t>(depth)];
    if (id >= 0 && nodes_[static_cast<std::size_t>(id)].end == Node::End::open)
      nodes_[static_cast<std::size_t>(id)].end = Node::End::failed;
  }
  path_.resize(static_cast<std::size_t>(std::max(depth, 1)), -1);
}

void SearchTreeObserver::on_prune(const Store& /*store*/, VarId x, Value v, const Constraint* /*cause*/, int depth) {
  if (depth < 0 || static_cast<std::size_t>(depth) >= path_.size()) return;
  const int id = path_[static_cast<std::size_t>(depth)];
  if (id < 0) return;
  Node& n = nodes_[static_cast<std::size_t>(id)];
  if (n.pruned.size() < kMaxPrunesShown) n.pruned.push_back({x, v});
  ++n.pruned_count;
}

void SearchTreeObserver::on_wipeout(const Store& store, VarId x, const Constraint* cause, int depth) {
  remember_names(store);
  if (depth < 0 || static_cast<std::size_t>(depth) >= path_.size()) return;
  const int id = path_[static_cast<std::size_t>(depth)];
  if (id < 0) return;
  Node& n = nodes_[static_cast<std::size_t>(id)];
  n.end = Node::End::wipeout;
  n.wiped_out = x;
  n.cause = cause != nullptr ? cause->name() : "";
}

void SearchTreeObserver::on_reject(const Store& store, VarId x, Value v, const Constraint& constraint, int depth) {
  remember_names(store);
  if (depth < 1 || static_cast<std::size_t>(depth - 1) >= path_.size()) return;
  const int id = add_node(path_[static_cast<std::size_t>(depth - 1)], depth, x, v);
  if (id < 0) return;
  nodes_[static_cast<std::size_t>(id)].end = Node::End::rejected;
  nodes_[static_cast<std::size_t>(id)].cause = constraint.name();
}

void SearchTreeObserver::on_nogood(const Store& store, std::span<const NogoodLiteral> literals, int depth) {
  remember_names(store);
  if (depth < 1 || static_cast<std::size_t>(depth - 1) >= path_.size()) return;
  const int id = path_[static_cast<std::size_t>(depth - 1)];  // the node whose next variable had no value left
  if (id < 0) return;
  std::vector<Prune>& nogood = nodes_[static_cast<std::size_t>(id)].nogood;
  nogood.clear();
  for (const NogoodLiteral& l : literals) nogood.push_back({l.var, l.value});
}

void SearchTreeObserver::on_solution(const Store& /*store*/, const Assignment& /*solution*/) {
  const int id = path_.back();
  if (id >= 0) nodes_[static_cast<std::size_t>(id)].end = Node::End::solution;
}

std::string SearchTreeObserver::label(const Node& n) const {
  const auto name = [&](VarId x) {
    if (x >= 0 && static_cast<std::size_t>(x) < names_.size()) return names_[static_cast<std::size_t>(x)];
    return std::string("x").append(std::to_string(x));
  };
  // Built with append only: GCC 12's -Wrestrict misfires on chains of "literal" + std::string.
  std::string out;
  if (n.var < 0) {
    out = "root";
  } else {
    out.append(name(n.var)).append(" = ").append(value_text_(n.value));
  }
  if (n.pruned_count != 0) {
    out.append("\n-").append(std::to_string(n.pruned_count)).append(":");
    for (const Prune& p : n.pruned) out.append(" ").append(name(p.var)).append("!=").append(value_text_(p.value));
    if (n.pruned_count > n.pruned.size()) out.append(" ...");
  }
  if (n.end == Node::End::wipeout) {
    out.append("\nwipe-out ").append(name(n.wiped_out));
    if (!n.cause.empty()) out.append(" by ").append(n.cause);
  }
  if (n.end == Node::End::rejected) out.append("\nrejected by ").append(n.cause);
  if (n.end == Node::End::solution) out += "\nsolution";
  if (!n.nogood.empty()) {
    out.append("\nnogood:");
    for (const Prune& l : n.nogood) out.append(" ").append(name(l.var)).append("=").append(value_text_(l.value));
  }
  return out;
}

std::string SearchTreeObserver::dot() const {
  std::ostringstream out;
  out << "digraph search {\n  node [shape=box, fontname=\"Helvetica\", fontsize=10];\n";
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    out << "  n" << i << " [label=\"" << dot_escape(label(n)) << "\"";
    if (n.end == Node::End::solution) out << ", color=darkgreen, penwidth=2";
    if (n.end == Node::End::wipeout || n.end == Node::End::rejected) out << ", color=red";
    out << "];\n";
    if (n.parent >= 0) out << "  n" << n.parent << " -> n" << i << ";\n";
  }
  if (truncated_)
    out << "  more [shape=plaintext, label=\"(only the first " << nodes_.size() << " nodes are drawn)\"];\n";
  out << "}\n";
  return out.str();
}

std::string SearchTreeObserver::json() const {
  nlohmann::ordered_json nodes = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < nodes_.size(); ++i) {
    const Node& n = nodes_[i];
    nlohmann::ordered_json j;
    j["id"] = i;
    j["parent"] = n.parent;
    j["depth"] = n.depth;
    if (n.var >= 0) {
      j["var"] = names_.empty() ? std::to_string(n.var) : names_[static_cast<std::size_t>(n.var)];
      j["value"] = value_text_(n.value);
    }
    nlohmann::ordered_json pruned = nlohmann::ordered_json::array();
    for (const Prune& p : n.pruned)
      pruned.push_back(
          {names_.empty() ? std::to_string(p.var) : names_[static_cast<std::size_t>(p.var)], value_text_(p.value)});
    j["pruned"] = pruned;
    j["pruned_count"] = n.pruned_count;
    j["end"] = end_name(n.end);
    if (n.end == Node::End::wipeout)
      j["wiped_out"] = names_.empty() ? std::to_string(n.wiped_out) : names_[static_cast<std::size_t>(n.wiped_out)];
    if (!n.cause.empty()) j["cause"] = n.cause;
    if (!n.nogood.empty()) {
      nlohmann::ordered_json nogood = nlohmann::ordered_json::array();
      for (const Prune& l : n.nogood)
        nogood.push_back(
            {names_.empty() ? std::to_string(l.var) : names_[static_cast<std::size_t>(l.var)], value_text_(l.value)});
      j["nogood"] = std::move(nogood);
    }
    nodes.push_back(std::move(j));
  }
  nlohmann::ordered_json out;
  out["nodes"] = std::move(nodes);
  out["truncated"] = truncated_;
  return out.dump(1) + "\n";
}

bool search_tree_svg_available() { return CSP_HAVE_GRAPHVIZ != 0; }

std::string search_tree_format_error(const std::string& path) {
  if (ends_with(path, ".dot") || ends_with(path, ".json")) return "";
  if (search_tree_svg_available()) {
    if (ends_with(path, ".svg")) return "";
    return std::string("'").append(path).append("' must end in .dot, .json or .svg");
  }
  if (ends_with(path, ".svg"))
    return std::string("this csp was built without Graphviz's library (Debian libgraphviz-dev), so it cannot lay out '")
        .append(path)
        .append("': write .dot and run 'dot -Tsvg'");
  return std::string("'").append(path).append("' must end in .dot or .json");
}

void write_search_tree(const SearchTreeObserver& tree, const std::string& path) {
  if (const std::string why = search_tree_format_error(path); !why.empty()) throw SearchTreeError(why);
  if (ends_with(path, ".json")) {
    write_file(path, tree.json());
  } else if (ends_with(path, ".dot")) {
    write_file(path, tree.dot());
  } else {
    write_file(path, svg_of(tree.dot(), path));
  }
}

}  // namespace csp
