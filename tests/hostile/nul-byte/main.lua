return { result = "draw", summary = "done", scores = { player = 1 } }
