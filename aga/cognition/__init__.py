"""Cognition: the generative-agent modules (perceive, plan, act, react, converse, reflect) over the gateway."""
