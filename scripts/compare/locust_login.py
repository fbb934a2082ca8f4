"""The Login journey as a Locust FastHttpUser, for scripts/bench-load-compare: what a person would
write by hand to load AM with Locust's fastest HTTP client (start, fill the name and password
callbacks, submit, check the tokenId). One task is one journey; each virtual user keeps its own
connection, as `journey load`'s users do. The user and password come from LOGIN_USER and
LOGIN_PASSWORD (demo / Demo-pass1 by default)."""
import json
import os

from locust import task
from locust.contrib.fasthttp import FastHttpUser

PATH = "/json/realms/root/authenticate?authIndexType=service&authIndexValue=Login"
HEADERS = {"Accept-API-Version": "resource=2.1, protocol=1.0", "Content-Type": "application/json"}
ANSWERS = {"NameCallback": os.environ.get("LOGIN_USER", "demo"),
           "PasswordCallback": os.environ.get("LOGIN_PASSWORD", "Demo-pass1")}


class LoginUser(FastHttpUser):
    @task
    def login(self):
        # A new sign-in each time, as journey load's --sign-in every: no session cookie from the last one.
        self.client.cookiejar.clear()
        with self.client.post(PATH, headers=HEADERS, data="{}", name="start", catch_response=True) as response:
            step = response.json()
            if "callbacks" not in step:
                response.failure("no page")
                return
        for callback in step["callbacks"]:
            value = ANSWERS.get(callback["type"])
            if value is not None:
                callback["input"][0]["value"] = value
        with self.client.post(PATH, headers=HEADERS, data=json.dumps(step), name="UsernamePassword", catch_response=True) as response:
            if "tokenId" not in response.json():
                response.failure("not signed in")
