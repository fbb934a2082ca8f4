#!/usr/bin/env bash
# The Login journey with curl and jq, for scripts/bench-compare: start, fill the name and password
# callbacks, submit, print. Usage: login.sh AM_URL USER PASSWORD
set -euo pipefail
am=$1 user=$2 password=$3
url="$am/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login"
post() {
  curl -sS -X POST "$url" -H "Accept-API-Version: resource=2.1, protocol=1.0" \
    -H "Content-Type: application/json" --data-binary @-
}
step=$(echo '{}' | post)
answered=$(jq -c --arg user "$user" --arg password "$password" '.callbacks |= map(
  if .type == "NameCallback" then .input[0].value = $user
  elif .type == "PasswordCallback" then .input[0].value = $password else . end)' <<< "$step")
result=$(post <<< "$answered")
jq -ce '{tokenId, successUrl, realm} | select(.tokenId != null)' <<< "$result" || { echo "login failed: $result" >&2; exit 1; }
