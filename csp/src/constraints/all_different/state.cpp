// The per-thread table of all-different scratch entries.
#include "state.hpp"

#include <algorithm>
#include <atomic>
#include <memory>

namespace csp::detail {

namespace {

constexpr std::size_t kEntries = 32;

struct Entry {
  std::uint64_t serial;
  const void* store;
  std::unique_ptr<AllDifferentScratch> scratch;
};

}  // namespace

AllDifferentScratch& scratch_for(std::uint64_t serial, const void* store) {
  thread_local std::vector<Entry> table;  // most recently used last
  const auto it =
      std::find_if(table.begin(), table.end(), [&](const Entry& e) { return e.serial == serial && e.store == store; });
  if (it != table.end()) {
    std::rotate(it, it + 1, table.end());
    return *table.back().scratch;
  }
  if (table.size() == kEntries) table.erase(table.begin());
  table.push_back({serial, store, std::make_unique<AllDifferentScratch>()});
  return *table.back().scratch;
}

std::uint64_t next_scratch_serial() {
  static std::atomic<std::uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace csp::detail
