"""The brand calls' requests and answers (the save is a multipart form: its fields are the router's)."""

from typing import Literal

from pydantic import BaseModel, Field

from cleanfleet.core.bounds import Id


class NodeIn(BaseModel):
    userId: Id | None = Field(default=None, description="a node of the caller's subtree; default the caller's own")


class PublicBrandOut(BaseModel):
    """What a sign-in page, a manifest and a console draw with: never the mail settings, never whose it is."""

    custom: bool = Field(description="a brand is set (false: the product's own look; the names and URLs are null)")
    productName: str | None = Field(description="the product name shown instead of the console's own")
    primaryColor: str = Field(description="#rrggbb: buttons, links, the selected menu item")
    headerColor: str = Field(description="#rrggbb: the header bar and the sign-in page's backdrop")
    headerInk: Literal["light", "dark"] = Field(description="the text colour the console uses on headerColor")
    logoUrl: str | None = Field(description="the logo (PNG, at most 512 px high); null: the product's mark")
    faviconUrl: str | None = Field(description="32 px PNG; null: the product's")
    iconUrl: str | None = Field(description="192 px square PNG (the installed app's icon); null: the product's")


class BrandFields(BaseModel):
    productName: str
    primaryColor: str
    headerColor: str
    footerText: str = Field(description="the reports' footer (plain text)")
    mailSenderName: str = Field(description="the display name of the mails' sender (empty: the install's)")
    mailReplyTo: str = Field(description="where replies to the mails go (empty: nowhere of its own)")
    customersMayBrand: bool = Field(description="the customers right under this node may set brands of their own")
    hostNames: list[str] = Field(description="host names this node's console is served on (dealers only)")
    logoUrl: str | None
    iconUrl: str | None


class BrandOut(BaseModel):
    userId: int
    own: bool = Field(description="the node has a brand of its own (false: ``brand`` shows the one it sees, to "
                                  "start from)")
    editable: bool = Field(description="the node may have a brand of its own")
    reason: str | None = Field(description="why not, in the caller's language (null when editable)")
    hostsAllowed: bool = Field(description="the node may serve the console on host names of its own (a dealer)")
    customersAllowed: bool = Field(description="the node may let its customers set brands of their own")
    brand: BrandFields
    effective: PublicBrandOut = Field(description="the brand the node's people see now")
    minRatio: float = Field(description="the least contrast the colours must reach (WCAG AA)")
    maxImageBytes: int
    maxHosts: int
