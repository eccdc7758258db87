-- Overwritten by check.sh: a loop of long library calls, or one call that backtracks.
return { result = "draw", summary = "", scores = {} }
