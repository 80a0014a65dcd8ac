"""A site's plan and what the robots did for it: plan items, the robots' schedules against the plan, plan
against actual (and its daily roll-ups), the watch on missed and short windows."""
