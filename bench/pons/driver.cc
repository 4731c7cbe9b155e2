// Our driver for Pascal Pons' Connect Four solver (bench/solve_connect4.py builds it against
// a checkout of his solver, never copied into gdl): reads one position (a line of
// 1-based column numbers, empty for the start) and prints its weak score, win 1, draw 0
// or loss -1, the nodes searched and the microseconds taken.
#include <chrono>
#include <iostream>
#include <string>

#include "Solver.hpp"

using GameSolver::Connect4::Position;
using GameSolver::Connect4::Solver;

int main() {
  std::string line;
  std::getline(std::cin, line);
  Position position;
  if (position.play(line) != line.size()) {
    std::cerr << "invalid position: " << line << "\n";
    return 1;
  }
  Solver solver;
  auto start = std::chrono::steady_clock::now();
  int score = solver.solve(position, true);
  auto micros = std::chrono::duration_cast<std::chrono::microseconds>(
      std::chrono::steady_clock::now() - start).count();
  std::cout << score << " " << solver.getNodeCount() << " " << micros << "\n";
  return 0;
}
