// OpenSpiel's own C++ game loop, for bench/openspiel_cpp.py: random playouts and perft
// through OpenSpiel's public State API (LegalActions, ApplyAction, Clone), at the same
// work as gdl's "exact" loop (every legal move listed at every ply, one drawn uniformly).
// Built against OpenSpiel's headers and linked to the pyspiel module the process has
// loaded, so the games are OpenSpiel's compiled code, not a copy.
#include <chrono>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "open_spiel/spiel.h"

namespace {

// Draws a chance outcome by its probability, so chance games play as OpenSpiel plays them.
open_spiel::Action DrawChance(const open_spiel::State& state, std::mt19937_64& rng) {
  open_spiel::ActionsAndProbs outcomes = state.ChanceOutcomes();
  double r = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
  for (const auto& [action, p] : outcomes) {
    if ((r -= p) <= 0) return action;
  }
  return outcomes.back().first;
}

long long Perft(const open_spiel::State& state, int depth) {
  if (state.IsTerminal()) return 0;
  std::vector<open_spiel::Action> actions = state.LegalActions();
  if (depth == 1) return static_cast<long long>(actions.size());
  long long leaves = 0;
  for (open_spiel::Action a : actions) {
    std::unique_ptr<open_spiel::State> child = state.Clone();
    child->ApplyAction(a);
    leaves += Perft(*child, depth - 1);
  }
  return leaves;
}

}  // namespace

extern "C" {

// Plays random games of `game` (OpenSpiel's game string, e.g. "go(board_size=9)") from
// the start for at least `seconds`; returns the games played, with the moves made in
// *plies and the time taken in *elapsed.
long long gdl_os_playouts(const char* game, double seconds, unsigned long long seed,
                          long long* plies, double* elapsed) {
  std::shared_ptr<const open_spiel::Game> loaded = open_spiel::LoadGame(std::string(game));
  std::mt19937_64 rng(seed);
  auto start = std::chrono::steady_clock::now();
  long long games = 0, moves = 0;
  double spent = 0;
  while (spent < seconds) {
    std::unique_ptr<open_spiel::State> state = loaded->NewInitialState();
    while (!state->IsTerminal()) {
      if (state->IsChanceNode()) {
        state->ApplyAction(DrawChance(*state, rng));
      } else {
        std::vector<open_spiel::Action> actions = state->LegalActions();
        state->ApplyAction(actions[rng() % actions.size()]);
      }
      ++moves;
    }
    ++games;
    spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  *plies = moves;
  *elapsed = spent;
  return games;
}

// Leaves of the move tree `depth` plies from the start, every legal action applied to a
// clone (OpenSpiel's general way; terminal positions count as no leaves).
long long gdl_os_perft(const char* game, int depth) {
  std::shared_ptr<const open_spiel::Game> loaded = open_spiel::LoadGame(std::string(game));
  return Perft(*loaded->NewInitialState(), depth);
}

}  // extern "C"
