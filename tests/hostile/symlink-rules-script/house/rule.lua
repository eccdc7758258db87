return { before = { turn = function() ui.say("the house rule's own hook") end } }
