#!/usr/bin/env python3
"""The Login journey with python-requests, for scripts/bench-compare: what a person would write
instead of `journey login --json` (start, fill the name and password callbacks, submit, print).
Usage: login.py AM_URL USER PASSWORD"""
import json
import sys

import requests

am, user, password = sys.argv[1:4]
url = f"{am}/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login"
headers = {"Accept-API-Version": "resource=2.1, protocol=1.0", "Content-Type": "application/json"}
with requests.Session() as session:
    step = session.post(url, headers=headers, data="{}").json()
    for callback in step["callbacks"]:
        value = {"NameCallback": user, "PasswordCallback": password}.get(callback["type"])
        if value is not None:
            callback["input"][0]["value"] = value
    result = session.post(url, headers=headers, data=json.dumps(step)).json()
if "tokenId" not in result:
    sys.exit(f"login failed: {result}")
print(json.dumps({"tokenId": result["tokenId"], "successUrl": result.get("successUrl"), "realm": result.get("realm")}))
