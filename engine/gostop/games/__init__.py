"""One module or subpackage per game, each implementing gostop.core.game.Game."""
