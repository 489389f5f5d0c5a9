"""What the learning environments need from a game (issue 42): its ``"rl"`` part.

A game's plugin (:mod:`skirmish.core.plugins`) may name, as its ``"rl"`` part, an instance
of a :class:`GameRL` subclass; :func:`rl_of` hands it to the environments (:mod:`.aec`,
:mod:`.gym_wrapper`, :mod:`.render`, ``register_envs``). Every member has a generic
default, so a game with no ``"rl"`` part at all still plays in both environments: its
ruleset's default set-up (``new_game({})``), spaces sized to its first view
(:func:`~skirmish.rl.setups.fitted_limits`), the flat observation of
:class:`~skirmish.rl.flat.FlatEncoder` (every number its first view shows), a text
rendering listing the view's numbers, no shaped reward but its ``scores``.

The members, each overridable:

- :attr:`GameRL.env_name`: the Gymnasium id ``skirmish/<env_name>-v0`` (default: the
  title's words joined, ``"Coin Duel"`` -> ``CoinDuel``);
- :meth:`GameRL.setup`: the set-up from the environment's arguments (``setup``,
  ``max_rounds`` and the game's own keywords, e.g. two sides' names);
- :meth:`GameRL.limits`: the spaces' fixed sizes (:class:`~skirmish.rl.setups.Limits`) for a
  set-up, given the first view of a fresh game of it;
- :meth:`GameRL.encoder`: the :class:`ObservationEncoder` (views to arrays);
- :attr:`GameRL.numbers`, :attr:`GameRL.piece_numbers`, :attr:`GameRL.kinds`,
  :attr:`GameRL.pieces_key`, :attr:`GameRL.elements_key`: what the default encoder reads
  (the minimal part names only these);
- :meth:`GameRL.headline`, :meth:`GameRL.piece_lines`: the ``"ansi"`` rendering;
- :meth:`GameRL.shaping_facts`: the public points and losses of each seat, for the shaped
  reward.

The minimal part of a small game::

    from skirmish.rl.game_parts import GameRL

    class DuelRL(GameRL):
        numbers = ("round", "rounds", "scores")     # a pair gives my_scores, opponent_scores
        piece_numbers = ("wounds",)
        kinds = ("secret-guard", "strike")

    RL = DuelRL()
"""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

import numpy.typing as npt
from gymnasium import spaces

from skirmish.core.plugins import GAMES, GamePlugin
from skirmish.rl.actions import Roster
from skirmish.rl.flat import FlatEncoder, pair, scalar_items
from skirmish.rl.setups import Limits, fitted_limits


class ObservationEncoder(Protocol):
    """Views to fixed-shape arrays, within the limits it was made for (the game's encoder, or
    the generic :class:`~skirmish.rl.flat.FlatEncoder`). It reads ``game.view(seat)`` and
    nothing else, so nothing hidden from the seat reaches its observation."""

    @property
    def kinds(self) -> tuple[str, ...]:
        """The decision kinds the observation names (one-hot; others count as "other")."""
        ...

    def space(self) -> spaces.Dict:
        """The ``observation`` space: a ``Dict`` of fixed-shape spaces."""
        ...

    def roster(self) -> Roster:
        """A fresh roster of an episode's pieces and elements (fighter and element slots,
        shared with the action codec: :mod:`skirmish.rl.actions`)."""
        ...

    def encode(self, view: Mapping[str, Any], seat: int, roster: Roster
               ) -> dict[str, npt.NDArray[Any]]:
        """The observation of ``view``, the view of ``seat`` (syncs ``roster`` first)."""
        ...


class GameRL:
    """A game's ``"rl"`` part (see the module); this base is also the generic default."""

    #: The Gymnasium id's name, ``skirmish/<env_name>-v0``; ``None``: from the title.
    env_name: str | None = None
    #: The default encoder's global numbers: keys of the view (a number or a flag gives one
    #: feature; a pair, one entry per seat, gives ``my_<key>`` and ``opponent_<key>``);
    #: ``None``: every such key of the first view.
    numbers: tuple[str, ...] | None = None
    #: The default encoder's numbers of each piece (keys of the view's pieces, after
    #: present, mine, opponent, other); ``None``: every such key of the first view's pieces.
    piece_numbers: tuple[str, ...] | None = None
    #: The decision kinds the default encoder names.
    kinds: tuple[str, ...] = ()
    #: The view's list of pieces (each with a ``ref``, ``A.x``/``B.x``/others): fighter slots.
    pieces_key: str = "fighters"
    #: The view's list of elements an action may name (each with an ``id``): element slots.
    elements_key: str = "scenery"

    def gym_name(self, game: GamePlugin) -> str:
        """:attr:`env_name`, or the title's words joined (``"Coin Duel"``: ``CoinDuel``)."""
        if self.env_name:
            return self.env_name
        words = re.findall(r"[A-Za-z0-9]+", game.title) or [game.name]
        return "".join(word[:1].upper() + word[1:] for word in words)

    def setup(self, setup: Mapping[str, Any] | None, max_rounds: int | None,
              options: Mapping[str, Any]) -> dict[str, Any]:
        """The set-up an environment plays, from its arguments: ``setup`` (a whole set-up),
        ``max_rounds`` and the game's own ``options`` (keywords whose value is not
        ``None``). By default: ``setup`` as given, else ``{}`` (the ruleset's defaults);
        no option, no ``max_rounds``."""
        take_options(options)
        if max_rounds is not None:
            raise ValueError("max_rounds: this game's environment has no round limit of its "
                             "own; give a whole setup")
        return copy.deepcopy(dict(setup)) if setup is not None else {}

    def limits(self, setup: Mapping[str, Any], first_view: Mapping[str, Any]) -> Limits:
        """The spaces' sizes for ``setup``; ``first_view`` is seat 0's view of a fresh game
        of it. By default: :func:`~skirmish.rl.setups.fitted_limits` (the pieces and
        elements the first view lists)."""
        return fitted_limits(first_view, self.pieces_key, self.elements_key)

    def encoder(self, limits: Limits, first_view: Mapping[str, Any]) -> ObservationEncoder:
        """The observation encoder. By default the flat one (:attr:`numbers`,
        :attr:`piece_numbers`, :attr:`kinds`)."""
        return FlatEncoder(limits, first_view, numbers=self.numbers,
                           piece_numbers=self.piece_numbers, kinds=self.kinds,
                           pieces_key=self.pieces_key, elements_key=self.elements_key)

    def headline(self, view: Mapping[str, Any]) -> str:
        """The ``"ansi"`` rendering's first line after the title (the spectator's
        ``view``). By default the view's numbers, ``round 1, scores [0, 0]``."""
        return ", ".join(f"{key} {value}" for key, value in scalar_items(view))

    def piece_lines(self, view: Mapping[str, Any]) -> list[str]:
        """The ``"ansi"`` rendering's lines of the pieces. By default each piece's ``ref``
        and numbers."""
        lines = []
        for piece in view.get(self.pieces_key, ()):
            facts = " ".join(f"{key} {value}" for key, value in scalar_items(piece)
                             if key != "side")
            lines.append(f"  {piece.get('ref', '?')!s:<28} {facts}".rstrip())
        return lines

    def shaping_facts(self, view: Mapping[str, Any]
                      ) -> tuple[Sequence[float], Sequence[float]]:
        """Each seat's points and losses from the public facts of a view (the shaped
        reward's potential: ``vp_weight`` x points ahead + ``cp_weight`` x losses dealt
        beyond those taken). By default the view's ``scores`` (if a pair), no losses."""
        scores = pair(view.get("scores")) or (0.0, 0.0)
        return scores, (0.0, 0.0)


#: The part of a game that offers none.
DEFAULT_RL = GameRL()


def rl_of(game: str | GamePlugin) -> GameRL:
    """The ``"rl"`` part of ``game`` (a name or a plugin), or the generic default."""
    plugin = GAMES.get(game) if isinstance(game, str) else game
    part = plugin.part("rl")
    if part is None:
        return DEFAULT_RL
    if not isinstance(part, GameRL):
        raise TypeError(f"{plugin.title} ({plugin.name}): its rl part is not a GameRL")
    return part


def game_named(ruleset: str | None) -> GamePlugin:
    """The installed game called ``ruleset`` (``None``: the default game); an unknown name is
    a ``ValueError`` listing the installed ones."""
    if ruleset is None:
        return GAMES.default()
    if ruleset not in GAMES:
        raise ValueError(f"unknown ruleset {ruleset!r} (known: {', '.join(GAMES.names())})")
    return GAMES.get(ruleset)


def build_setup(ruleset: str | None = None, *, setup: Mapping[str, Any] | None = None,
                max_rounds: int | None = None, **options: Any) -> dict[str, Any]:
    """The set-up of the game ``ruleset`` (``None``: the default game) from an
    environment's arguments: :meth:`GameRL.setup`, given the ``options`` that are not
    ``None``."""
    given = {key: value for key, value in options.items() if value is not None}
    return rl_of(game_named(ruleset)).setup(setup, max_rounds, given)


def two_names(value: str | Sequence[str], what: str) -> tuple[str, str]:
    """Two names, player A's and player B's, from a sequence or ``"A,B"`` (a set-up option
    naming both sides, ``what``)."""
    items = [s.strip() for s in value.split(",")] if isinstance(value, str) else list(value)
    if len(items) != 2:
        raise ValueError(f"{what}: two names are needed (player A, player B), got {value!r}")
    return items[0], items[1]


def take_options(options: Mapping[str, Any], *names: str) -> tuple[Any, ...]:
    """The values of the set-up ``options`` called ``names`` (``None`` when absent); any
    other option is a ``TypeError`` naming it (as an unexpected keyword would be)."""
    unknown = sorted(set(options) - set(names))
    if unknown:
        takes = f"it takes {', '.join(names)}" if names else "it takes none"
        raise TypeError(f"unexpected set-up option(s) {', '.join(unknown)}: {takes}")
    return tuple(options.get(name) for name in names)


__all__ = ["DEFAULT_RL", "GameRL", "ObservationEncoder", "build_setup", "game_named", "rl_of",
           "take_options", "two_names"]
