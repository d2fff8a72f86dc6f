// RunObservers: --trace and --tree for one run.
#include "output/run_observers.hpp"

#include <utility>
#include <vector>

#include "output/output.hpp"

namespace csp::cli {

RunObservers::RunObservers(bool trace, bool trace_json, std::ostream& trace_out, std::string tree_file,
                           std::function<std::string(Value)> value_text)
    : tree_file_(std::move(tree_file)) {
  std::vector<SearchObserver*> all;
  if (trace && trace_json) {
    json_ = std::make_unique<JsonTraceObserver>(trace_out, value_text);
    all.push_back(json_.get());
  } else if (trace) {
    text_ = std::make_unique<TraceObserver>(trace_out, value_text);
    all.push_back(text_.get());
  }
  if (!tree_file_.empty()) {
    // Opened (and emptied) now, so that a path that cannot be written fails before the search, not after it.
    OutputFile probe("--tree", tree_file_);
    probe.close();
    tree_ = std::make_unique<SearchTreeObserver>(value_text);
    all.push_back(tree_.get());
  }
  if (all.size() > 1) both_ = std::make_unique<FanOutObserver>(std::move(all));
}

SearchObserver* RunObservers::observer() {
  if (both_) return both_.get();
  if (text_) return text_.get();
  if (json_) return json_.get();
  return tree_.get();
}

void RunObservers::finish() {
  if (!tree_) return;
  try {
    write_search_tree(*tree_, tree_file_);
  } catch (const SearchTreeError& e) {
    throw OutputError(std::string("--tree: ").append(e.what()));
  }
}

}  // namespace csp::cli
