"""Single sign-on with OpenID Connect (issue 50 items 1-4): a node of the user tree (a dealer, a customer) brings its
own OpenID provider; people sign in through it, are created just in time under the configured node and hold the
roles their provider's groups map to, read again at every sign-in."""

# events: the in-transaction check a password sign-in passes (passwords turned off for a provider's people)
PUBLIC = ("events",)
