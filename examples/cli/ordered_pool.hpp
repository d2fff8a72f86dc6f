// OrderedPool: work items processed on N threads, results delivered in submission order, bounded memory.
#pragma once

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace csp::cli {

/// Runs `work(item)` on `threads` worker threads and hands each result to `sink` on the submitting thread, in the
/// order the items were submitted. At most `window` items are in flight (queued, running or waiting for delivery):
/// `submit` blocks (delivering finished results meanwhile) when the window is full, so memory stays bounded however
/// long the input. With one thread, work runs inline in `submit`. An exception thrown by `work` is rethrown by
/// `submit` or `finish` when its result would be delivered.
template <class Item, class Result>
class OrderedPool {
 public:
  OrderedPool(unsigned threads, std::size_t window, std::function<Result(Item&)> work,
              std::function<void(Result&)> sink)
      : work_(std::move(work)), sink_(std::move(sink)), slots_(std::max<std::size_t>(window, 1)) {
    if (threads > 1)
      for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { run_worker(); });
  }
  OrderedPool(const OrderedPool&) = delete;
  OrderedPool& operator=(const OrderedPool&) = delete;
  ~OrderedPool() { stop_workers(); }

  /// Queues `item`; may deliver earlier results to the sink before returning.
  void submit(Item item) {
    if (workers_.empty()) {
      Result r = work_(item);
      sink_(r);
      return;
    }
    std::unique_lock lock(mutex_);
    while (next_seq_ - next_out_ >= slots_.size()) deliver_one(lock, true);
    queue_.emplace_back(next_seq_++, std::move(item));
    work_ready_.notify_one();
    while (deliver_one(lock, false)) {
    }
  }

  /// Waits for every submitted item and delivers the remaining results.
  void finish() {
    if (workers_.empty()) return;
    std::unique_lock lock(mutex_);
    while (next_out_ < next_seq_) deliver_one(lock, true);
    lock.unlock();
    stop_workers();
  }

 private:
  struct Slot {
    std::optional<Result> result;
    std::exception_ptr error;
    bool ready = false;
  };

  // Delivers the next result in order if it is ready (waiting for it when `wait`). Returns whether it delivered.
  bool deliver_one(std::unique_lock<std::mutex>& lock, bool wait) {
    Slot& slot = slots_[next_out_ % slots_.size()];
    if (!slot.ready) {
      if (!wait || next_out_ == next_seq_) return false;
      result_ready_.wait(lock, [&] { return slot.ready; });
    }
    Slot taken = std::move(slot);
    slot = Slot{};
    ++next_out_;
    lock.unlock();
    if (taken.error) {
      lock.lock();
      std::rethrow_exception(taken.error);
    }
    sink_(*taken.result);
    lock.lock();
    return true;
  }

  void run_worker() {
    std::unique_lock lock(mutex_);
    for (;;) {
      work_ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      auto [seq, item] = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      Slot done;
      try {
        done.result.emplace(work_(item));
      } catch (...) {
        done.error = std::current_exception();
      }
      done.ready = true;
      lock.lock();
      slots_[seq % slots_.size()] = std::move(done);
      result_ready_.notify_all();
    }
  }

  void stop_workers() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& t : workers_)
      if (t.joinable()) t.join();
    workers_.clear();
  }

  std::function<Result(Item&)> work_;
  std::function<void(Result&)> sink_;
  std::vector<Slot> slots_;  // ring indexed by sequence number
  std::deque<std::pair<std::size_t, Item>> queue_;
  std::size_t next_seq_ = 0;  // next sequence number to hand out
  std::size_t next_out_ = 0;  // next sequence number to deliver
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable result_ready_;
  std::vector<std::thread> workers_;
  bool stopping_ = false;
};

}  // namespace csp::cli
