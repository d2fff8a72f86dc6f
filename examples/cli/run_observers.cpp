// RunObservers: --trace and --tree for one run.
#include "run_observers.hpp"

#include <utility>
#include <vector>

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
  if (tree_) write_search_tree(*tree_, tree_file_);
}

}  // namespace csp::cli
