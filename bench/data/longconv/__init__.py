"""The long-conversation ranking set (issue 17); a package only so its scripts have their own module names."""
