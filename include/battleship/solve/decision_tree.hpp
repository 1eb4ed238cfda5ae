#pragma once
// decision_tree: a deterministic strategy written out in full (Audinot et
// al.'s Figures 5, 7 and 8): each node names the cell to shoot, each edge an
// outcome. Build one by hand to evaluate a strategy exactly, or get the
// optimal (or best greedy) tree from the solver; print it as indented text or
// Graphviz DOT.

#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/core/feedback.hpp>
#include <battleship/core/fleet.hpp>
#include <battleship/core/geometry.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/solve/detail/engine.hpp>
#include <battleship/solve/detail/problem.hpp>
#include <battleship/solve/optimal.hpp>

namespace battleship {

struct decision_node {
  int cell = -1;                                      // the shot; -1 at a leaf (fleet sunk)
  std::uint64_t weight = 0;                           // layouts reaching the node (filled by the solver)
  std::uint64_t occupied = 0;                         // at a leaf built by the solver: the fleet's cells
  std::vector<std::pair<shot_result, int>> children;  // outcome -> node index
};

class decision_tree {
 public:
  decision_tree(int width, int height) : width_(width), height_(height) {
    if (width < 1 || height < 1 || height > 26 || static_cast<long long>(width) * height > 256)
      throw std::invalid_argument("a decision tree's grid needs 1 to 26 rows, a column or more, at most 256 cells");
  }

  // Adds a node shooting `cell` (-1 for a leaf) and returns its index; the first node is the root.
  int add(int cell) {
    if (cell < -1 || cell >= width_ * height_)
      throw std::out_of_range("decision_tree::add: no cell " + std::to_string(cell) + " on a " +
                              std::to_string(width_) + "x" + std::to_string(height_) + " grid");
    nodes_.push_back({cell, 0, 0, {}});
    return static_cast<int>(nodes_.size()) - 1;
  }
  // Adds a node shooting the cell named like "B2".
  int add(std::string_view cell_name) {
    const board_geometry<bitboard<256>> g(width_, height_);
    const auto c = g.parse_cell(cell_name);
    if (!c) throw std::invalid_argument("no cell " + std::string(cell_name) + " on the grid");
    return add(*c);
  }
  // One branch per outcome: linking an outcome twice, or to a node not yet
  // added, throws.
  void link(int parent, shot_result outcome, int child) {
    auto& from = nodes_.at(static_cast<std::size_t>(parent));
    if (from.cell < 0) throw std::invalid_argument("decision_tree::link: a leaf (fleet sunk) has no branches");
    if (child < 0 || child >= static_cast<int>(nodes_.size()))
      throw std::out_of_range("decision_tree::link: no node " + std::to_string(child));
    if (this->child(parent, outcome) >= 0)
      throw std::invalid_argument("decision_tree::link: " + cell_name(from.cell) + " already has a '" +
                                  outcome_name(outcome) + "' branch");
    from.children.emplace_back(outcome, child);
  }
  // The child of `node` for `outcome`, or -1.
  [[nodiscard]] int child(int node, shot_result outcome) const {
    for (const auto& [o, c] : nodes_.at(static_cast<std::size_t>(node)).children)
      if (o == outcome) return c;
    return -1;
  }

  [[nodiscard]] const std::vector<decision_node>& nodes() const noexcept { return nodes_; }
  [[nodiscard]] std::vector<decision_node>& nodes() noexcept { return nodes_; }
  [[nodiscard]] int width() const noexcept { return width_; }
  [[nodiscard]] int height() const noexcept { return height_; }
  [[nodiscard]] std::string cell_name(int cell) const {
    return std::string(1, static_cast<char>('A' + cell / width_)) + std::to_string(cell % width_ + 1);
  }

  // One line per node, children indented under their outcome.
  [[nodiscard]] std::string to_text() const {
    std::string s;
    if (!nodes_.empty()) text(0, 0, "", s);
    return s;
  }
  // Graphviz: hits to the left (solid), misses to the right (dashed), as in the paper.
  [[nodiscard]] std::string to_dot() const {
    std::string s = "digraph strategy {\n  node [shape=circle, fontname=\"Helvetica\"];\n";
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const auto& n = nodes_[i];
      s += "  n" + std::to_string(i) + " [label=\"" + (n.cell < 0 ? std::string("✓") : cell_name(n.cell)) + "\"" +
           (n.cell < 0 ? ", shape=plaintext" : "") + "];\n";
    }
    for (std::size_t i = 0; i < nodes_.size(); ++i)
      for (const auto& [o, c] : nodes_[i].children)
        s += "  n" + std::to_string(i) + " -> n" + std::to_string(c) + " [label=\"" + outcome_name(o) + "\"" +
             (o.kind == outcome::miss ? ", style=dashed" : "") + "];\n";
    return s + "}\n";
  }

  static std::string outcome_name(const shot_result& o) {
    switch (o.kind) {
      case outcome::miss:
        return "miss";
      case outcome::hit:
        return "hit";
      case outcome::sunk:
        return "sunk " + std::to_string(o.ship + 1);
    }
    return "?";
  }

 private:
  void text(int node, int depth, const std::string& via, std::string& s) const {
    // A path longer than the tree has nodes goes round a cycle (link allows one).
    if (static_cast<std::size_t>(depth) >= nodes_.size()) throw std::logic_error("the decision tree has a cycle");
    const auto& n = nodes_[static_cast<std::size_t>(node)];
    s += std::string(static_cast<std::size_t>(2 * depth), ' ') + via;
    if (n.cell < 0) {
      s += "sunk";
      if (n.occupied != 0) {
        s += " (";
        bool first = true;
        for (int c = 0; c < 64; ++c)
          if ((n.occupied >> c) & 1U) {
            s += (first ? "" : " ") + cell_name(c);
            first = false;
          }
        s += ")";
      }
    } else {
      s += cell_name(n.cell);
    }
    if (n.weight != 0) s += " [" + std::to_string(n.weight) + "]";
    s += '\n';
    for (const auto& [o, c] : n.children) text(c, depth + 1, outcome_name(o) + ": ", s);
  }

  int width_, height_;
  std::vector<decision_node> nodes_;
};

namespace detail::solve {
// The labelled layouts one of the search's atoms stands for on a path where
// the ships in `named` have been announced: the renamings within each type
// of its ships not named yet (problem::ship_type; 1 when no type is shared).
[[nodiscard]] inline std::uint64_t renamings_left(const problem& p, std::uint64_t named) {
  if (!p.merged_renamings()) return 1;
  std::uint64_t r = 1;
  for (int t = 0; t < p.ship_count; ++t) {
    if (p.ship_type[static_cast<std::size_t>(t)] != t) continue;
    std::uint64_t left = 0;
    for (int k = 0; k < p.ship_count; ++k)
      if (p.ship_type[static_cast<std::size_t>(k)] == t && ((named >> k) & 1U) == 0) ++left;
    for (std::uint64_t i = 2; i <= left; ++i) r *= i;
  }
  return r;
}

// `named`: the ships announced sunk on the path so far (sunk feedback). The
// search announces a type of ship (problem::ship_type) and, when renamings
// are merged, holds one atom for a layout's renamings within types; the tree
// names the ship, one branch for each ship of the type not yet named, each
// the same strategy (a renaming changes no shot).
template <class Engine>
int build_tree(Engine& e, const typename Engine::set& A, std::uint64_t H, decision_tree& t, std::uint64_t named = 0) {
  const problem& p = e.prob();
  const int c = e.best_shot(A, H);
  const int node = t.add(c);
  t.nodes()[static_cast<std::size_t>(node)].weight = e.weight(A) * renamings_left(p, named);
  if (c < 0) {
    t.nodes()[static_cast<std::size_t>(node)].occupied = p.occ[static_cast<std::size_t>(A.lowest())];
    return node;
  }
  typename Engine::split_result sr;
  e.split(A, H, c, sr);
  // Hits first, the miss last: the paper draws hits to the left.
  for (int j = 0; j < sr.count; ++j) {
    const int i = (j + 1) % sr.count;
    const auto& child = sr.child[static_cast<std::size_t>(i)];
    const std::uint64_t H2 = sr.hits[static_cast<std::size_t>(i)];
    if (p.sunk && H2 != H) {
      const auto on_ship = e.covering(c);
      int sunk_type = -1;
      for (std::size_t k = 0; k < on_ship.size() && sunk_type < 0; ++k)
        if (e.whole_hit(child & on_ship[k], k, H2).any()) sunk_type = p.ship_type[k];
      if (sunk_type >= 0) {
        if (!p.merged_renamings()) {
          // Labelled atoms: one branch for each ship that can have sunk here.
          for (std::size_t k = 0; k < on_ship.size(); ++k) {
            const auto sunk_k = e.whole_hit(child & on_ship[k], k, H2);
            if (sunk_k.any())
              t.link(node, shot_result::sunk(static_cast<int>(k)),
                     build_tree(e, sunk_k, H2, t, named | (std::uint64_t{1} << k)));
          }
        } else {
          for (int k = 0; k < p.ship_count; ++k)
            if (p.ship_type[static_cast<std::size_t>(k)] == sunk_type && ((named >> k) & 1U) == 0)
              t.link(node, shot_result::sunk(k), build_tree(e, child, H2, t, named | (std::uint64_t{1} << k)));
        }
        continue;
      }
    }
    const int sub = build_tree(e, child, H2, t, named);
    t.link(node, H2 == H ? shot_result::miss() : shot_result::hit(), sub);
  }
  return node;
}
}  // namespace detail::solve

// The whole optimal decision tree (greedy_only: the best greedy one) from `obs`.
template <Ruleset R>
[[nodiscard]] decision_tree solve_tree(const R& rules, const observation<typename R::board_type>& obs,
                                       solve_options opt = {}) {
  const auto start = std::chrono::steady_clock::now();
  const auto p = detail::solve::make_problem(rules, obs, opt.symmetry, true, opt.memory_limit);
  decision_tree t(p.width, p.height);
  detail::solve::with_configured_engine(p, opt, start, [&](auto& e) {
    detail::solve::build_tree(e, e.all(), p.start_hits, t);
    return 0;
  });
  return t;
}

// The total height of any strategy tree from `obs`: the sum over layouts
// (weighted as the solver weighs them) of the shots the tree fires until the
// fleet is sunk. Throws if the tree is for another grid, repeats a shot or
// has no branch for an outcome that can happen.
template <Ruleset R>
[[nodiscard]] std::uint64_t evaluate_total_height(const R& rules, const observation<typename R::board_type>& obs,
                                                  const decision_tree& tree) {
  const auto p = detail::solve::make_problem(rules, obs, false);
  if (tree.width() != p.width || tree.height() != p.height)
    throw std::invalid_argument("the tree is for a " + std::to_string(tree.width()) + "x" +
                                std::to_string(tree.height()) + " grid, the rules' is " + std::to_string(p.width) +
                                "x" + std::to_string(p.height));
  const std::uint64_t start_shots = detail::solve::to_word(obs.shots());
  const auto sc = static_cast<std::size_t>(p.ship_count);
  std::uint64_t total = 0;
  for (std::size_t a = 0; a < p.occ.size(); ++a) {
    std::uint64_t shots = start_shots, depth = 0;
    int node = 0;
    while ((p.occ[a] & ~shots) != 0) {
      if (node < 0 || node >= static_cast<int>(tree.nodes().size()) ||
          tree.nodes()[static_cast<std::size_t>(node)].cell < 0)
        throw std::invalid_argument("the tree stops before every layout is sunk");
      const int c = tree.nodes()[static_cast<std::size_t>(node)].cell;
      if ((shots >> c) & 1U) throw std::invalid_argument("the tree shoots " + tree.cell_name(c) + " twice");
      shots |= std::uint64_t{1} << c;
      ++depth;
      shot_result o = ((p.occ[a] >> c) & 1U) ? shot_result::hit() : shot_result::miss();
      if (p.sunk && o.is_hit())
        for (std::size_t k = 0; k < sc; ++k)
          if (((p.ships[a * sc + k] >> c) & 1U) && (p.ships[a * sc + k] & ~shots) == 0)
            o = shot_result::sunk(static_cast<int>(k));
      if ((p.occ[a] & ~shots) == 0) break;  // fleet sunk: the game is over
      node = tree.child(node, o);
      if (node < 0)
        throw std::invalid_argument("the tree has no branch for '" + decision_tree::outcome_name(o) + "' after " +
                                    tree.cell_name(c));
    }
    total += depth * p.weight[a];
  }
  return total;
}

}  // namespace battleship
