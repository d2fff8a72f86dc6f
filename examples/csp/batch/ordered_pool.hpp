// OrderedPool: work items processed on N threads, results delivered in submission order, bounded memory.
#pragma once

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace csp::cli {

/// Runs `work(item)` on `threads` worker threads and hands each result to `sink` on the submitting thread, in the
/// order the items were submitted. At most `window` items are in flight (queued, running or waiting for delivery):
/// `submit` blocks (delivering finished results meanwhile) when the window is full, so memory stays bounded however
/// long the input. With one thread, work runs inline in `submit`. An exception thrown by `work` is rethrown by
/// `submit` or `finish` when its result would be delivered; one thrown by `sink` or by the poll function leaves
/// `submit` / `finish` at once.
///
/// When a thread cannot start (std::system_error, e.g. little memory), the pool goes on with the threads it has
/// (none: work runs inline) and `start_failure()` says so. Tests simulate this with the environment variable
/// CSP_TEST_THREAD_LIMIT=K: starting thread K+1 then fails as std::thread does (EAGAIN).
template <class Item, class Result>
class OrderedPool {
 public:
  OrderedPool(unsigned threads, std::size_t window, std::function<Result(Item&)> work,
              std::function<void(Result&)> sink)
      : work_(std::move(work)), sink_(std::move(sink)), slots_(std::max<std::size_t>(window, 1)) {
    if (threads <= 1) return;
    const long limit = test_thread_limit();
    try {
      for (unsigned i = 0; i < threads; ++i) {
        if (limit >= 0 && static_cast<long>(i) >= limit)
          throw std::system_error(std::make_error_code(std::errc::resource_unavailable_try_again),
                                  "CSP_TEST_THREAD_LIMIT");
        workers_.emplace_back([this] { run_worker(); });
      }
    } catch (const std::system_error& e) {
      const std::size_t started = workers_.size();
      if (started == 1) stop_workers();  // one worker is no faster than running inline
      start_failure_ =
          std::string("could start only ")
              .append(std::to_string(started))
              .append(" of ")
              .append(std::to_string(threads))
              .append(" threads (")
              .append(e.code().message())
              .append("); going on with ")
              .append(workers_.empty() ? std::string("the main thread alone") : std::to_string(started) + " threads");
    }
  }
  OrderedPool(const OrderedPool&) = delete;
  OrderedPool& operator=(const OrderedPool&) = delete;
  ~OrderedPool() { stop_workers(); }

  /// "" when every thread asked for started, else what happened, e.g. "could start only 1 of 4 threads (Resource
  /// temporarily unavailable); going on with 1 worker thread".
  const std::string& start_failure() const { return start_failure_; }
  /// The worker threads running (0: work runs inline).
  std::size_t threads() const { return workers_.size(); }
  /// `poll` is called while the submitting thread waits (every 50 ms) and between items; it may throw to stop the
  /// pool (e.g. on an interrupt), leaving the results not yet delivered undelivered.
  void set_poll(std::function<void()> poll) { poll_ = std::move(poll); }

  /// Queues `item`; may deliver earlier results to the sink before returning.
  void submit(Item item) {
    if (poll_) poll_();
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
      while (!slot.ready) {
        if (poll_) {
          lock.unlock();
          poll_();
          lock.lock();
        }
        result_ready_.wait_for(lock, std::chrono::milliseconds(50), [&] { return slot.ready; });
      }
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

  // CSP_TEST_THREAD_LIMIT=K (tests only): the most threads that start; -1 when unset.
  static long test_thread_limit() {
    const char* text = std::getenv("CSP_TEST_THREAD_LIMIT");
    if (text == nullptr || *text == '\0') return -1;
    char* end = nullptr;
    const long k = std::strtol(text, &end, 10);
    return *end == '\0' && k >= 0 ? k : -1;
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
  std::string start_failure_;
  std::function<void()> poll_;
};

}  // namespace csp::cli
