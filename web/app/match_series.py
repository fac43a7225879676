"""A table's match (``gostop.match``): a series of hands with running
totals, kept in the browser's storage (``records``) and counted once per
hand, a reload included. Mixed into ``MatchTable``; its setup fields and
dialogs are drawn by ``match_play``."""
from gostop.match import Match

from . import dom, records


class MatchSeriesMixin:
    match = None            # the match this table's hands belong to, or None
    pending_match = None    # (hands, target, stake) chosen in the setup

    def load_match(self):
        """The stored match, if the game on the table is its hand."""
        m = records.load_match(self.shell.store, self.game_id)
        g = self.session.game if self.session else None
        if m is not None and g is not None and not (
                m.is_current(g) or (m.hands and m.hands[-1]["seed"] == g.seed
                                    and m.hands[-1]["options"] == g.options)):
            m = None          # another game is on the table: the match is over for it
        self.match = m

    def hand_over(self):
        if self.match is not None and self.match.record(self.session.game, self.session.human):
            problem = records.save_match(self.shell.store, self.match)
            if problem:
                dom.notice(problem)
        super().hand_over()

    def resume(self, text):
        problem = super().resume(text)
        if self.shell.embed:
            return problem
        self.load_match()
        if self.match is not None and self.session.game.is_terminal():
            self.hand_over()     # a hand that ended just before a reload counts once
            self.render()
        return problem

    def begin_match(self, options, level, seed):
        """(options, seed) of the game to deal: a match's first hand when the
        setup chose a match (dealt from the match's own seed), else the
        single hand asked for (and no match)."""
        if self.pending_match is not None and self.scenario is None and not self.shell.embed:
            hands, target, stake = self.pending_match
            self.match = Match(self.game_id, options, level, seed, hands=hands, target=target, stake=stake)
            records.save_match(self.shell.store, self.match)
            seed, options = self.match.next_hand()
        else:
            self.match = None
            records.drop_match(self.shell.store, self.game_id)
        self.pending_match = None
        return options, seed
