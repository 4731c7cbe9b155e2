// A gdl game as a C++ OpenSpiel game: one fixed source (never generated from rules text),
// built by gdl/bridges/openspiel/cpp_build.py against OpenSpiel's headers and linked to the
// pyspiel module the process has imported, so that the game registers with that very
// registry and its states run with no Python between pyspiel and the game's C library.
//
// The game knows nothing of any rules: Python hands it, per set of parameters, a GdlSpec
// (gdl/bridges/openspiel/native.py) - the game's C library entry points (gdl_legal,
// gdl_apply), its state layout in words, the returns of each result code, the observation
// tensor as a table of what to write where - and three callbacks: the spec itself, the
// action id of a move (the Python bridge's own numbering, kept here once known when it
// depends on the move alone, or on the move and its mover) and texts (a move in gdl's notation, the board's picture).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "open_spiel/abseil-cpp/absl/strings/str_join.h"
#include "open_spiel/abseil-cpp/absl/strings/str_split.h"
#include "open_spiel/spiel.h"
#include "open_spiel/spiel_utils.h"

namespace {

using open_spiel::Action;
using open_spiel::Player;

typedef int (*LegalFn)(const uint64_t* state, uint64_t* moves, int max);
typedef int (*ApplyFn)(const uint64_t* state, const uint64_t* move, uint64_t* out);
typedef int (*SeenLoadFn)(const uint64_t* entries, int64_t n);
typedef int (*SeenStoreFn)(uint64_t* out, int64_t from, int64_t n);

// What Python hands over per loaded game (the ctypes Structure GdlSpec mirrors it).
struct GdlSpec {
  int handle;                  // Python's key for this game in the callbacks
  LegalFn legal;
  ApplyFn apply;
  int state_words, move_words, max_moves;
  const uint64_t* initial;     // the start, state_words words
  int player_word, result_word;
  int players, distinct_actions, max_game_length;
  double min_utility, max_utility;
  int results;                 // result codes; returns: results x players
  const double* returns;
  int memo_actions;            // an action id depends on: 0 its text ("texts"), 1 the move
                               // alone, 2 the move and its mover ("planes")
  int obs_rank, obs_shape[3], obs_size;
  const float* obs_base;       // the tensor before the position is written in
  int obs_ops;                 // 5 ints each: kind, word, bit, a, b (see Observe)
  const int* obs_prog;
  const char* parameters;      // every parameter, as Typed reads them
  const char* specification;   // the parameters' defaults its GameType reports (as Typed)
  // The positions seen (`repeated`), where the game keeps them (history_word >= 0): the
  // library's table (its own copy of the library: nobody else writes it) holds a state's
  // sightings, state_words words each, their count in the state's history_word.
  int history_word;
  SeenLoadFn seen_load;
  SeenStoreFn seen_store;
  const uint64_t* initial_seen;   // the start's sightings
  // Written by C++ only: which list of sightings the table holds, and how many of them.
  uint64_t held_list;
  int64_t held_count;
};

// Parameters written by Python one a line, `key type value`, the type one of i d b s
// (typed there: a string option "5" stays a string).
open_spiel::GameParameters Typed(const std::string& text) {
  open_spiel::GameParameters out;
  for (absl::string_view line : absl::StrSplit(text, '\n', absl::SkipEmpty())) {
    std::vector<std::string> part = absl::StrSplit(line, absl::MaxSplits(' ', 2));
    if (part.size() != 3 || part[1].size() != 1) {
      open_spiel::SpielFatalError(absl::StrCat("gdl: a parameter line is malformed: ", line));
    }
    const std::string& value = part[2];
    switch (part[1][0]) {
      case 'i': out[part[0]] = open_spiel::GameParameter(std::stoi(value)); break;
      case 'd': out[part[0]] = open_spiel::GameParameter(std::stod(value)); break;
      case 'b': out[part[0]] = open_spiel::GameParameter(value == "1"); break;
      default: out[part[0]] = open_spiel::GameParameter(value); break;
    }
  }
  return out;
}

// The parameters a game is loaded with, one a line, `key=value`, for Python to read.
std::string Given(const open_spiel::GameParameters& params) {
  std::string out;
  for (const auto& [key, value] : params) {
    absl::StrAppend(&out, key, "=",
                    value.type() == open_spiel::GameParameter::Type::kString
                        ? value.string_value() : value.ToString(), "\n");
  }
  return out;
}

enum ObsOp { kPiece = 0, kValue = 1, kToMove = 2 };
enum Text { kMoveText = 0, kPicture = 1 };

typedef GdlSpec* (*MakeFn)(const char* short_name, const char* parameters, char* error,
                           int room);
typedef int64_t (*ActionFn)(int handle, const uint64_t* state, const uint64_t* move);
typedef int (*TextFn)(int handle, int what, const uint64_t* state, const uint64_t* move,
                      char* out, int room);

MakeFn make_spec = nullptr;
ActionFn action_of = nullptr;
TextFn text_of = nullptr;

std::string CallText(const GdlSpec& spec, int what, const uint64_t* state,
                     const uint64_t* move) {
  std::string out(256, '\0');
  int n = text_of(spec.handle, what, state, move, &out[0], static_cast<int>(out.size()));
  if (n > static_cast<int>(out.size())) {   // too long for the room given: again with room
    out.assign(n, '\0');
    n = text_of(spec.handle, what, state, move, &out[0], n);
  }
  if (n < 0) open_spiel::SpielFatalError("gdl: the Python side failed to write a text");
  out.resize(n);
  return out;
}

// Move words -> action, for the moves met so far: open addressing over a power-of-two
// table of entry numbers, the entries' words and hashes kept apart (no allocation per
// lookup, one probe or two per move whatever its size: hex lists 121 moves a ply).
class MoveIds {
 public:
  explicit MoveIds(int words) : words_(words), slots_(64, -1) {}

  // The action of `move`, or -1 when it was not met yet.
  Action Find(const uint64_t* move) const {
    uint64_t h = Hash(move);
    size_t mask = slots_.size() - 1;
    for (size_t i = h & mask; slots_[i] >= 0; i = (i + 1) & mask) {
      int e = slots_[i];
      if (hashes_[e] == h && std::equal(move, move + words_,
                                        keys_.begin() + static_cast<size_t>(e) * words_)) {
        return ids_[e];
      }
    }
    return -1;
  }

  void Add(const uint64_t* move, Action id) {
    if (2 * (ids_.size() + 1) > slots_.size()) Grow();
    int entry = static_cast<int>(ids_.size());
    hashes_.push_back(Hash(move));
    keys_.insert(keys_.end(), move, move + words_);
    ids_.push_back(id);
    Place(entry);
  }

 private:
  uint64_t Hash(const uint64_t* move) const {
    uint64_t h = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < words_; ++i) {
      h = (h ^ move[i]) * 0xBF58476D1CE4E5B9ULL;
      h ^= h >> 31;
    }
    return h;
  }

  void Place(int entry) {
    size_t mask = slots_.size() - 1, i = hashes_[entry] & mask;
    while (slots_[i] >= 0) i = (i + 1) & mask;
    slots_[i] = entry;
  }

  void Grow() {
    slots_.assign(2 * slots_.size(), -1);
    for (int e = 0; e < static_cast<int>(ids_.size()); ++e) Place(e);
  }

  int words_;
  std::vector<int> slots_;
  std::vector<uint64_t> hashes_, keys_;
  std::vector<Action> ids_;
};

// A line of play's sightings (state_words words each), shared by the states along it; a
// state's own are the first of them (its history word counts them). The id tells lists
// apart for the table's record (an address may be reused).
struct Seen {
  uint64_t id;
  std::vector<uint64_t> words;
};

uint64_t NewSeenId() {
  static uint64_t last = 0;
  return ++last;
}

class GdlGame : public open_spiel::Game {
 public:
  GdlGame(const open_spiel::GameType& type, const open_spiel::GameParameters& params,
          GdlSpec* spec)
      : Game(type, params), spec_(*spec), live_(spec),
        known_(spec->memo_actions == 2 ? spec->players : 1, MoveIds(spec->move_words)) {}

  std::unique_ptr<open_spiel::State> NewInitialState() const override;
  int NumDistinctActions() const override { return spec_.distinct_actions; }
  int NumPlayers() const override { return spec_.players; }
  double MinUtility() const override { return spec_.min_utility; }
  double MaxUtility() const override { return spec_.max_utility; }
  absl::optional<double> UtilitySum() const override { return 0.0; }
  int MaxGameLength() const override { return spec_.max_game_length; }
  std::vector<int> ObservationTensorShape() const override {
    return std::vector<int>(spec_.obs_shape, spec_.obs_shape + spec_.obs_rank);
  }

  const GdlSpec& spec() const { return spec_; }
  GdlSpec* live() const { return live_; }   // the spec itself: its table's record

  // The action of a legal move: the Python bridge's numbering, asked once per move (per
  // mover and move for "planes", where each player sees the board from their side).
  Action ActionOf(const uint64_t* state, const uint64_t* move) const {
    if (!spec_.memo_actions) return Checked(action_of(spec_.handle, state, move));
    uint64_t mover = spec_.memo_actions == 2 ? state[spec_.player_word] : 0;
    MoveIds& known = known_[mover < known_.size() ? mover : 0];
    Action id = known.Find(move);
    if (id >= 0) return id;
    id = Checked(action_of(spec_.handle, state, move));
    known.Add(move, id);
    return id;
  }

 private:
  Action Checked(int64_t id) const {
    if (id < 0 || id >= spec_.distinct_actions) {
      open_spiel::SpielFatalError(absl::StrCat(
          GetType().short_name, ": a legal move has no action id (",
          CallText(spec_, -1, nullptr, nullptr), ")"));
    }
    return id;
  }

  GdlSpec spec_;
  GdlSpec* live_;
  mutable std::vector<MoveIds> known_;   // one table, or one per mover
};

class GdlState : public open_spiel::State {
 public:
  explicit GdlState(std::shared_ptr<const open_spiel::Game> game)
      : State(game),
        game_(static_cast<const GdlGame*>(game.get())),
        words_(game_->spec().initial, game_->spec().initial + game_->spec().state_words) {
    const GdlSpec& spec = game_->spec();
    if (spec.history_word >= 0) {
      const uint64_t* first = spec.initial_seen;
      seen_ = std::make_shared<Seen>(Seen{NewSeenId(), std::vector<uint64_t>(
          first, first + Sightings() * spec.state_words)});
    }
  }

  Player CurrentPlayer() const override {
    return IsTerminal() ? open_spiel::kTerminalPlayerId
                        : static_cast<Player>(words_[game_->spec().player_word]);
  }

  bool IsTerminal() const override {
    return words_[game_->spec().result_word] != 0 || plies_ >= game_->spec().max_game_length;
  }

  std::vector<Action> LegalActions() const override {
    if (IsTerminal()) return {};
    List();
    return sorted_;
  }

  std::string ActionToString(Player player, Action action) const override {
    int i = IsTerminal() ? -1 : Find(action);
    if (i < 0) return absl::StrCat("action ", action);   // not legal here: no notation
    return CallText(game_->spec(), kMoveText, words_.data(), Move(i));
  }

  std::string ToString() const override {
    return CallText(game_->spec(), kPicture, words_.data(), nullptr);
  }

  std::string ObservationString(Player player) const override { return ToString(); }

  std::vector<double> Returns() const override {
    const GdlSpec& spec = game_->spec();
    uint64_t result = words_[spec.result_word];
    if (result == 0 || result >= static_cast<uint64_t>(spec.results)) {
      return std::vector<double>(spec.players, 0.0);   // under way, or cut at the cap
    }
    const double* row = spec.returns + result * spec.players;
    return std::vector<double>(row, row + spec.players);
  }

  void ObservationTensor(Player player, absl::Span<float> values) const override {
    const GdlSpec& spec = game_->spec();
    SPIEL_CHECK_EQ(static_cast<int>(values.size()), spec.obs_size);
    std::copy(spec.obs_base, spec.obs_base + spec.obs_size, values.begin());
    const uint64_t* w = words_.data();
    bool over = IsTerminal();
    for (const int* op = spec.obs_prog; op < spec.obs_prog + 5 * spec.obs_ops; op += 5) {
      switch (op[0]) {
        case kPiece:   // a bit of the state: 1 at a, and 0 at b (the empty plane) if any
          if (w[op[1]] >> op[2] & 1) {
            values[op[3]] = 1.0f;
            if (op[4] >= 0) values[op[4]] = 0.0f;
          }
          break;
        case kValue:   // a number of the state, as itself
          values[op[3]] = static_cast<float>(static_cast<int64_t>(w[op[1]]));
          break;
        case kToMove:  // the player to move, one-hot from a (none once over)
          if (!over) values[op[3] + static_cast<int>(w[op[1]])] = 1.0f;
          break;
      }
    }
  }

  std::unique_ptr<open_spiel::State> Clone() const override {
    return std::unique_ptr<open_spiel::State>(new GdlState(*this));
  }

 protected:
  void DoApplyAction(Action action) override {
    const GdlSpec& spec = game_->spec();
    int i = IsTerminal() ? -1 : Find(action);
    if (i < 0) {
      std::vector<Action> legal = LegalActions();
      open_spiel::SpielFatalError(absl::StrCat(
          game_->GetType().short_name, ": action ", action, " is not legal here; legal: ",
          legal.empty() ? "none (the game is over)" : absl::StrJoin(legal, ", ")));
    }
    next_.resize(spec.state_words);
    Hold();
    if (spec.apply(words_.data(), Move(i), next_.data()) < 0) {
      open_spiel::SpielFatalError(absl::StrCat(
          game_->GetType().short_name, ": the game's C library could not apply ",
          ActionToString(CurrentPlayer(), action)));
    }
    int64_t before = Sightings();
    words_.swap(next_);
    ++plies_;
    listed_ = false;
    if (seen_ != nullptr) Extend(before);
  }

 private:
  // The legal moves (move_words each) and their actions, listed once per position.
  void List() const {
    if (listed_) return;
    const GdlSpec& spec = game_->spec();
    moves_.resize(static_cast<size_t>(spec.max_moves) * spec.move_words);
    Hold();
    int n = spec.legal(words_.data(), moves_.data(), spec.max_moves);
    // a listing may write the table past this state's sightings (a filter that reads them)
    GdlSpec* live = game_->live();
    if (seen_ != nullptr) live->held_count = std::min(live->held_count, Sightings());
    if (n < 0) {
      open_spiel::SpielFatalError(absl::StrCat(
          game_->GetType().short_name, ": the game's C library could not list the moves "
          "(more than ", spec.max_moves, ", or a bound of its own); use the Python bridge"));
    }
    ids_.resize(n);
    for (int i = 0; i < n; ++i) ids_[i] = game_->ActionOf(words_.data(), Move(i));
    sorted_ = ids_;
    if (!std::is_sorted(sorted_.begin(), sorted_.end())) {   // (often listed in id order)
      std::sort(sorted_.begin(), sorted_.end());
    }
    auto twice = std::adjacent_find(sorted_.begin(), sorted_.end());
    if (twice != sorted_.end()) {
      open_spiel::SpielFatalError(absl::StrCat(
          game_->GetType().short_name, ": two legal moves share the action ", *twice));
    }
    listed_ = true;
  }

  int64_t Sightings() const {
    const GdlSpec& spec = game_->spec();
    return spec.history_word < 0 ? 0 : static_cast<int64_t>(words_[spec.history_word]);
  }

  // The library's table made to hold this state's sightings (loaded unless it does).
  void Hold() const {
    if (seen_ == nullptr) return;
    GdlSpec* live = game_->live();
    int64_t n = Sightings();
    if (live->held_list == seen_->id && n <= live->held_count) return;
    if (game_->spec().seen_load(seen_->words.data(), n) < 0) {
      open_spiel::SpielFatalError(absl::StrCat(
          game_->GetType().short_name, ": more positions seen (", n,
          ") than the game's C library holds"));
    }
    live->held_list = seen_->id;
    live->held_count = n;
  }

  // After a move from a state with `before` sightings: the ones it added, read from the
  // table into this line's list (a list of its own when another state shares the old one).
  void Extend(int64_t before) {
    const GdlSpec& spec = game_->spec();
    int64_t after = Sightings();
    size_t width = spec.state_words;
    if (seen_.use_count() > 1 || seen_->words.size() != before * width) {
      seen_ = std::make_shared<Seen>(Seen{NewSeenId(), std::vector<uint64_t>(
          seen_->words.begin(), seen_->words.begin() + before * width)});
    }
    seen_->words.resize(after * width);
    if (after > before &&
        spec.seen_store(seen_->words.data() + before * width, before, after - before) < 0) {
      open_spiel::SpielFatalError(absl::StrCat(
          game_->GetType().short_name, ": the positions seen could not be read back"));
    }
    GdlSpec* live = game_->live();
    live->held_list = seen_->id;
    live->held_count = after;
  }

  int Find(Action action) const {
    List();
    for (int i = 0; i < static_cast<int>(ids_.size()); ++i) {
      if (ids_[i] == action) return i;
    }
    return -1;
  }

  const uint64_t* Move(int i) const {
    return moves_.data() + static_cast<size_t>(i) * game_->spec().move_words;
  }

  const GdlGame* game_;
  std::vector<uint64_t> words_, next_;   // the position; the next one's room
  std::shared_ptr<Seen> seen_;   // its positions seen, where the game keeps them
  int plies_ = 0;
  mutable bool listed_ = false;
  mutable std::vector<uint64_t> moves_;
  mutable std::vector<Action> ids_, sorted_;
};

std::unique_ptr<open_spiel::State> GdlGame::NewInitialState() const {
  return std::unique_ptr<open_spiel::State>(new GdlState(shared_from_this()));
}

}  // namespace

extern "C" {

// The callbacks into Python, set once before any game registers.
void gdl_spiel_callbacks(MakeFn make, ActionFn action, TextFn text) {
  make_spec = make;
  action_of = action;
  text_of = text;
}

// Registers the game `short_name` with pyspiel's registry: sequential, deterministic,
// perfect information, zero-sum, terminal rewards (the only games handed here);
// `specification` is its parameters with their defaults (see Typed).
void gdl_spiel_register(const char* short_name, const char* long_name, int players,
                        const char* specification) {
  open_spiel::GameType type{
      short_name, long_name,
      open_spiel::GameType::Dynamics::kSequential,
      open_spiel::GameType::ChanceMode::kDeterministic,
      open_spiel::GameType::Information::kPerfectInformation,
      open_spiel::GameType::Utility::kZeroSum,
      open_spiel::GameType::RewardModel::kTerminal,
      players, players,
      /*provides_information_state_string=*/false,
      /*provides_information_state_tensor=*/false,
      /*provides_observation_string=*/true,
      /*provides_observation_tensor=*/true,
      Typed(specification)};
  type.is_concrete = false;   // as pyspiel.GameType built in Python (the Python bridge) has it
  open_spiel::GameRegisterer::RegisterGame(
      type, [type](const open_spiel::GameParameters& params)
                -> std::shared_ptr<const open_spiel::Game> {
        std::string given = Given(params);
        char error[1024] = {0};
        GdlSpec* spec = make_spec(type.short_name.c_str(), given.c_str(), error,
                                  sizeof error);
        if (spec == nullptr) open_spiel::SpielFatalError(error);
        open_spiel::GameType own = type;   // the defaults read from these options' rules
        own.parameter_specification = Typed(spec->specification);
        return std::shared_ptr<const open_spiel::Game>(
            new GdlGame(own, Typed(spec->parameters), spec));
      });
}

}  // extern "C"
