/* The Account page's passkeys: Create (a new account), Sign in with a passkey, and Add a
 * passkey on this device call navigator.credentials with the options the JSON API gives
 * (base64url strings turned into bytes and back, as WebAuthn's JSON has them) and send
 * the browser's answer back; signing in sends the choice of the match to keep along. The Delete account button asks in a dialog first. Every
 * other control is a form that works without script. */
(function () {
  "use strict";

  function bytes(base64url) {
    var base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    base64 += "===".slice((base64.length + 3) % 4);
    var text = atob(base64);
    var out = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
    return out.buffer;
  }

  function base64url(buffer) {
    var view = new Uint8Array(buffer);
    var text = "";
    for (var i = 0; i < view.length; i++) text += String.fromCharCode(view[i]);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function withBytes(list) {
    return (list || []).map(function (descriptor) {
      return Object.assign({}, descriptor, { id: bytes(descriptor.id) });
    });
  }

  function creationOptions(options) {
    return Object.assign({}, options, {
      challenge: bytes(options.challenge),
      user: Object.assign({}, options.user, { id: bytes(options.user.id) }),
      excludeCredentials: withBytes(options.excludeCredentials)
    });
  }

  function requestOptions(options) {
    return Object.assign({}, options, {
      challenge: bytes(options.challenge),
      allowCredentials: withBytes(options.allowCredentials)
    });
  }

  function credentialJSON(credential) {
    var response = credential.response;
    var json = {
      id: credential.id,
      rawId: base64url(credential.rawId),
      type: credential.type,
      clientExtensionResults: credential.getClientExtensionResults ? credential.getClientExtensionResults() : {},
      authenticatorAttachment: credential.authenticatorAttachment || undefined,
      response: { clientDataJSON: base64url(response.clientDataJSON) }
    };
    if (response.attestationObject) {
      json.response.attestationObject = base64url(response.attestationObject);
      json.response.transports = response.getTransports ? response.getTransports() : [];
    } else {
      json.response.authenticatorData = base64url(response.authenticatorData);
      json.response.signature = base64url(response.signature);
      if (response.userHandle) json.response.userHandle = base64url(response.userHandle);
    }
    return json;
  }

  function post(path, body) {
    return fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify(body === undefined ? {} : body)
    }).then(function (answer) {
      return answer.json().catch(function () { return {}; }).then(function (json) {
        if (!answer.ok) throw new Error(json.detail || "Something went wrong: try again.");
        return json;
      });
    });
  }

  function say(text) {
    var alert = document.getElementById("account-alert");
    if (alert) alert.textContent = text;
  }

  // The browser's own refusals (the person cancelled, no passkey there) as a sentence.
  function browserRefusal(error) {
    if (error && error.name === "NotAllowedError") return "The passkey step was cancelled or timed out: nothing was changed.";
    if (error && error.name === "InvalidStateError") return "This device has a passkey for this account already.";
    if (error && error.name === "SecurityError") return "Passkeys cannot be used at this address: open the site by its name (such as localhost), not by its number.";
    return (error && error.message) || "Something went wrong: try again.";
  }

  function register(name, said) {
    return post("/api/account/register/options", name === undefined ? {} : { name: name })
      .then(function (options) { return navigator.credentials.create({ publicKey: creationOptions(options) }); })
      .then(function (credential) { return post("/api/account/register", credentialJSON(credential)); })
      .then(function () { location.assign("/account?said=" + said); });
  }

  // Which match under way the sign-in keeps, when the page asks (see the Account page).
  function keepChoice() {
    var chosen = document.querySelector('input[name="keep"]:checked');
    return chosen ? { keep: chosen.value } : {};
  }

  function signIn() {
    return post("/api/account/sign-in/options", keepChoice())
      .then(function (options) { return navigator.credentials.get({ publicKey: requestOptions(options) }); })
      .then(function (credential) { return post("/api/account/sign-in", credentialJSON(credential)); })
      .then(function () { location.assign("/account?said=signed-in"); });
  }

  function busy(control, work) {
    if (!window.PublicKeyCredential) { say("This browser cannot use passkeys."); return; }
    say("");
    control.setAttribute("aria-disabled", "true");
    work().catch(function (error) { say(browserRefusal(error)); }).then(function () {
      control.removeAttribute("aria-disabled");
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.dataset.passkey !== "register") return;
    event.preventDefault();
    busy(form, function () { return register(form.elements.name.value, "registered"); });
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-passkey]");
    if (button && button.dataset.passkey === "sign-in") busy(button, signIn);
    if (button && button.dataset.passkey === "add") busy(button, function () { return register(undefined, "passkey-added"); });
    var page = window.GolfPage;
    if (!page || page.confirmClick(event)) return;
    page.dialogClick(event, "data-open", "data-close");
  });
})();
