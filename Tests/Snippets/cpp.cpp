#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

namespace work {

// A unit of work
struct Job {
    std::string name;
    int priority = 0;
};

template <typename T>
std::vector<T> sorted(std::vector<T> items) {
    std::sort(items.begin(), items.end(),
              [](const T& a, const T& b) { return a.priority > b.priority; });
    return items;
}

}  // namespace work

int main() {
    std::vector<work::Job> jobs{{"build", 2}, {"test", 1}};
    for (const auto& job : work::sorted(jobs)) {
        std::cout << job.name << " (" << job.priority << ")\n";
    }
    constexpr double ratio = 3.5;
    return jobs.empty() ? 1 : static_cast<int>(ratio) - 3;
}
