-- Overwritten by check.sh with each way to make the host copy a huge value.
return { result = "draw", summary = "", scores = {} }
