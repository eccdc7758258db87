# A bot's schema whose $ref names a file outside the bot folder: up with ../.., or through a
# link that reads as inside. valijson fetched whatever it named. A $ref must lead, by its real
# path, into the bot folder or the library's schemas; the file outside is never read.
OUTSIDE=$T/ref-escape-outside
mkdir -p "$OUTSIDE"
printf '# outside the bot\ndefinitions:\n  name: { type: string }\nsecret: s3cret from outside\n' >"$OUTSIDE/stolen.schema.yaml"
cp "$OUTSIDE/stolen.schema.yaml" "$BOTS/escape.schema.yaml"
SCHEMA=$BOT/schemas/things.schema.yaml
WHERE="outside the folders schemas may come from ($BOT, $ROOT/schemas)"
refer_to() { sed -i "s|\$ref: '[^']*'|\$ref: '$1'|" "$SCHEMA"; }

sol check "$BOT" --games 1
expect_rc 0 "a \$ref inside the bot"

refer_to "../../escape.schema.yaml#/definitions/name"
sol check "$BOT"
expect_rc 1 "../.."
no_crash "../.."
has "$OUT" "schemas/things.schema.yaml:6:17: at /properties/name/\$ref: the \$ref '../../escape.schema.yaml' leads to $BOTS/escape.schema.yaml, $WHERE" "../.."

refer_to "../../../../../../../../../../etc/passwd"
sol --bots "$BOTS" run ref-escape --seed 1 --answers "$T/none.yaml"
expect_rc 1 "/etc/passwd"
no_crash "/etc/passwd"
has "$ERR" "the \$ref '../../../../../../../../../../etc/passwd' leads to /etc/passwd, $WHERE" "/etc/passwd"
lacks "$OUT$ERR" "root:" "/etc/passwd"

ln -s "$OUTSIDE/stolen.schema.yaml" "$BOT/schemas/linked.schema.yaml"
refer_to "linked.schema.yaml#/definitions/name"
sol check "$BOT"
expect_rc 1 "a linked schema"
no_crash "a linked schema"
has "$OUT" "the \$ref 'linked.schema.yaml' leads to $OUTSIDE/stolen.schema.yaml, $WHERE" "a linked schema"
lacks "$OUT" "s3cret" "a linked schema"

# A link that stays inside the bot is no escape.
rm "$BOT/schemas/linked.schema.yaml"
ln -s shared.schema.yaml "$BOT/schemas/linked.schema.yaml"
sol check "$BOT" --games 1
expect_rc 0 "a link inside the bot"
