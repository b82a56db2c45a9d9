"""The copies NASA's Mars 2020 feed lists for a frame, for the fixture generators: the
1200, 800 and 320 px browse copies and the full-resolution PNG."""


def image_files(folder, image_id, copies="png"):
    """`image_files` of a record: the browse copies as `copies` (png or jpg), full_res a PNG."""
    return {
        "large": folder + image_id + "01_1200." + copies,
        "medium": folder + image_id + "01_800." + copies,
        "small": folder + image_id + "01_320." + copies,
        "full_res": folder + image_id + "01.png",
    }
