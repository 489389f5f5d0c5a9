"""Information-set MCTS (Cowling, Powley & Whitehouse 2012) for every game: the agent
(:mod:`.agent`), one decision's search (:mod:`.search`) with its settings (:mod:`.settings`)
and its explanation (:mod:`.explanation`), the tree with availability counts
and progressive widening (:mod:`.tree`), and the leaf evaluations and cheap policies
(:mod:`.policies`), each game's knowledge asked of its bots part
(:mod:`skirmish.bots.game_parts`)."""

from skirmish.bots.mcts.agent import PRESETS, MCTSAgent, make_mcts
from skirmish.bots.mcts.explanation import Explanation
from skirmish.bots.mcts.search import Search
from skirmish.bots.mcts.settings import Settings
from skirmish.bots.mcts.tree import Node, admitted

__all__ = ["PRESETS", "Explanation", "MCTSAgent", "Node", "Search", "Settings", "admitted",
           "make_mcts"]
